/** Times as the studio shows them: the owner's own locale and time zone, to the minute. */
export const when = (iso: string | null | undefined): string => {
  if (!iso) return 'never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};
