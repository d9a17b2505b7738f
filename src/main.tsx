import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installSafeBrowserLanguages } from './i18n/browser-language';
import { startLocale } from './i18n/i18n-store';
import { App } from './app/app';
import { firstNamespaces, isTasksPath } from './app/page-routes';
import { captureSharedLinks } from './features/tasks/shared-links';
import { forgetDeletedProfiles } from './app/forget-deleted-profiles';
import { nameDefaultProfile } from './app/name-default-profile';
import './styles/global.css';

// Before any chart library reads navigator.language: a "C" locale must not reach an Intl constructor.
installSafeBrowserLanguages();
forgetDeletedProfiles();
// A shared link pasted while the first page still loads its messages is kept for the Tasks page, not committed.
captureSharedLinks(() => isTasksPath(window.location.pathname));

// <html lang> and the first page's messages in the chosen language before the first paint: no flash of English.
// The default profile is named in that language too ("本地", not "Local").
void startLocale(firstNamespaces(window.location.pathname)).finally(() => {
  nameDefaultProfile();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
