import { useEffect } from 'react';
import { tabTitle, type Summary } from '../model/summarize';

export function useTabTitle(summary: Summary): void {
  useEffect(() => {
    const base = document.title.replace(/^\([^)]*\) /, '');
    document.title = tabTitle(summary, base);
    return () => {
      document.title = base;
    };
  }, [summary]);
}
