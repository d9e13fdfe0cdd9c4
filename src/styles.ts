/**
 * Widget CSS travels inside the widget's chunk (imported with `?inline`) and is injected once,
 * the first time the widget mounts, so a page pays only for the styles of widgets it shows.
 * Injected first in <head> so the theme's own stylesheets, which come later, win ties.
 */
export function injectStyle(name: string, css: string): void {
  if (document.querySelector(`style[data-vitrine-style="${name}"]`)) return;
  const style = document.createElement('style');
  style.setAttribute('data-vitrine-style', name);
  style.textContent = css;
  const firstStyle = document.head.querySelector('style[data-vitrine-style]');
  if (firstStyle) firstStyle.after(style);
  else document.head.prepend(style);
}
