// The part of a note's body the page was not sent (a result can hold 4 MiB; the page renders its first 200,000
// characters): how much there is, and the note file as stored — opened as plain text, or downloaded.
import { seg } from './api.js';
import { t } from './i18n.js';

export function BodyRest({ id, shown, total }: { id: string; shown: number; total: number }) {
  if (total <= shown) return null;
  const raw = `/api/notes/${seg(id)}/raw`;
  return (
    <p class="md-truncated body-rest">
      {t('result.rest', { n: (total - shown).toLocaleString() })}{' '}
      <a href={raw} target="_blank" rel="noopener noreferrer">
        {t('result.raw')}
      </a>
      {' · '}
      <a href={`${raw}?download=1`} download={`${id}.md`}>
        {t('result.download')}
      </a>
    </p>
  );
}
