import type { Command } from '@/lib/command-registry';
import { t, setLocale } from '@/i18n/i18n-store';
import { LOCALES, type Locale } from '@/i18n/locales';
import { connectionStore, selectProfile } from '@/lib/connection-store';
import { navigate } from '@/lib/router';
import { TASK_ID_PREFIX } from '@/contract/limits';
import { typedTaskId } from '../model/match-commands';
import { openCommands } from '../stores/commands-open';
import { encodeUriComponentSafe } from '@/lib/uri-component';

/** The palette's own commands, whatever page is open: switch language or profile, show the shortcuts. */
export function builtinCommands(locale: string): Command[] {
  const languages: Command[] = Object.entries(LOCALES)
    .filter(([code]) => code !== locale)
    .map(([code, name]) => ({
      id: `language:${code}`,
      kind: 'action',
      label: t('tasks.palette.language', { name }),
      keywords: code,
      run: () => void setLocale(code as Locale),
    }));
  const { profiles, activeId } = connectionStore.get();
  const others: Command[] = profiles
    .filter((p) => p.id !== activeId)
    .map((p) => ({
      id: `profile:${p.id}`,
      kind: 'action',
      label: t('tasks.palette.profile', { name: p.name }),
      run: () => selectProfile(p.id),
    }));
  const sheet: Command = { id: 'shortcuts', kind: 'action', label: t('tasks.palette.shortcuts'), run: () => openCommands('sheet') };
  return [...others, ...languages, sheet];
}

/** "Open task <id>" when the text typed is a task ID: its details (/tasks/<id>, the details dialog's address). */
export function taskIdCommand(typed: string): Command[] {
  const id = typedTaskId(typed, TASK_ID_PREFIX);
  return id === null
    ? []
    : [
        {
          id: `task:${id}`,
          kind: 'task',
          label: t('tasks.palette.openTask', { id }),
          run: () => navigate(`/tasks/${encodeUriComponentSafe(id)}`),
        },
      ];
}
