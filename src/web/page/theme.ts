// Light / dark: the system's choice until the person picks one; the pick is kept in localStorage. The theme in
// effect is always set as `data-theme` on <html>, which style.css reads.
export type Theme = 'light' | 'dark';

const STORE = 'baton-theme';

function stored(): Theme | undefined {
  try {
    const value = localStorage.getItem(STORE);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined;
  }
}

let picked = stored();

/** The theme in effect now: the person's pick, else the system's. */
export function currentTheme(): Theme {
  return picked ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
}

/**
 * Sets the theme in effect on <html> (the one place style.css reads it), and keeps following the system's choice
 * until the person picks one; call once before the first render.
 */
export function applyTheme(): void {
  const set = () => {
    document.documentElement.dataset.theme = currentTheme();
  };
  set();
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', set);
}

/** Switches to the other theme and remembers it. */
export function toggleTheme(): Theme {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
  picked = next;
  try {
    localStorage.setItem(STORE, next);
  } catch {
    // Without storage the pick lasts for this page only.
  }
  document.documentElement.dataset.theme = next;
  return next;
}
