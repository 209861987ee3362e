// The banner a refused write leaves when the page could not renew its token by itself: one click reloads the page
// (which fetches the server's current token). A write that lands clears it.
import { useEffect, useState } from 'preact/hooks';
import { onWriteTrouble } from './api.js';
import { t } from './i18n.js';

export function WriteTrouble() {
  const [trouble, setTrouble] = useState(false);
  useEffect(() => onWriteTrouble(setTrouble), []);
  if (!trouble) return null;
  return (
    <div class="banner write-trouble" role="alert" data-testid="write-trouble">
      <p>{t('trouble.write')}</p>
      <button type="button" class="primary" data-action="reload" onClick={() => location.reload()}>
        {t('trouble.reload')}
      </button>
    </div>
  );
}
