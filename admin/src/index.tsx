// The back office's page: the shop's design tokens plus its own styles, the staff member's language,
// and the app under /admin/.
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { designCss } from '@bozor/shared';
import { restoreLanguage } from './i18n';
import { adminCss } from './styles';
import { AdminApp } from './App';

const style = document.createElement('style');
style.textContent = designCss + adminCss;
document.head.append(style);
restoreLanguage();

createRoot(document.getElementById('root') as HTMLElement).render(
  <BrowserRouter basename="/admin">
    <AdminApp />
  </BrowserRouter>,
);
