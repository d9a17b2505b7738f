import { describe, expect, it } from 'vitest';
import { item, snap } from '../testing/snapshots';
import { safeDownloadUrl, taskPhase } from './task-phase';

describe('taskPhase', () => {
  it('treats never-checked and statuses 1-3 as live', () => {
    expect(taskPhase(undefined)).toBe('unseen');
    for (const s of [1, 2, 3]) expect(taskPhase(snap(item('Service_AI_a', s)))).toBe('live');
  });

  it('treats Finished with an http(s) URL, Failed and Aborted as terminal', () => {
    expect(taskPhase(snap(item('Service_AI_a', 4)))).toBe('terminal');
    expect(taskPhase(snap(item('Service_AI_a', 4, { targetVideoUrl: 'https://cdn.test/v.mp4' })))).toBe('terminal');
    expect(taskPhase(snap(item('Service_AI_a', 5, { errorCode: 3001 })))).toBe('terminal');
    expect(taskPhase(snap(item('Service_AI_a', 6, { errorCode: 3100 })))).toBe('terminal');
  });

  it('keeps checking a Finished task without a usable URL, at the slower pace', () => {
    for (const url of [null, '', 'javascript:alert(1)', 'data:video/mp4;base64,AAAA', 'not a url', '/relative.mp4']) {
      expect(taskPhase(snap(item('Service_AI_a', 4, { targetVideoUrl: url })))).toBe('awaiting-url');
    }
  });

  it('marks an ID the gateway did not return as not found', () => {
    expect(taskPhase(snap(null))).toBe('not-found');
  });

  it('keeps watching a status code the spec does not list', () => {
    expect(taskPhase(snap(item('Service_AI_a', 9)))).toBe('live');
  });
});

describe('safeDownloadUrl', () => {
  it('accepts only absolute http and https URLs', () => {
    expect(safeDownloadUrl('http://gw/files/v.mp4?sig=1')).toBe('http://gw/files/v.mp4?sig=1');
    expect(safeDownloadUrl('HTTPS://CDN.test/a')).toBe('https://cdn.test/a');
    expect(safeDownloadUrl('javascript:alert(1)')).toBeNull();
    expect(safeDownloadUrl(' javascript:alert(1)')).toBeNull();
    expect(safeDownloadUrl('data:text/html,<script>')).toBeNull();
    expect(safeDownloadUrl('ftp://x/y')).toBeNull();
    expect(safeDownloadUrl('')).toBeNull();
    expect(safeDownloadUrl(null)).toBeNull();
  });
});
