/**
 * The mark a page (or a part of one) sets on its root once its data is drawn, not a spinner:
 * `npm run bench:ui` (decision 0028) times a click or a load to it. `shown` names what is drawn (a list's
 * filters, a report's range), so a change is timed to the new figures and not to the previous ones
 * kept on screen while the next arrive. An attribute only: nothing is drawn differently.
 */
export function contentReady(ready: boolean, shown = 'true'): { 'data-content-ready': string } {
  return { 'data-content-ready': ready ? shown : 'false' };
}
