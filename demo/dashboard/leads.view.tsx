/** The leads table: search, pages, and the CSV export of what the search finds. */
import { leadsQuery } from './api.ts';
import { LoadFailed, SectionHeading, TableScroll, type SectionProps } from './section.tsx';

export function LeadsView({ actor, snapshot, t, lang }: SectionProps) {
  const { leads, search, cursors, nextCursor, loadError } = snapshot.context;
  const loaded = snapshot.matches({ signedIn: { leads: 'loaded' } });
  const loading = snapshot.matches({ signedIn: { leads: 'loading' } });
  const dateFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const query = leadsQuery(search);
  return (
    <section aria-labelledby="leads-heading" className="dashboard-section">
      <SectionHeading>
        <span id="leads-heading">{t.leadsHeading}</span>
      </SectionHeading>
      <div className="dashboard-toolbar">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const field = event.currentTarget.elements.namedItem('q') as HTMLInputElement;
            actor.send({ type: 'LEADS.SEARCH', search: field.value });
          }}
        >
          <label htmlFor="leads-search">{t.search}</label>
          <input id="leads-search" name="q" type="search" defaultValue={search} />
          <button type="submit">{t.searchButton}</button>
        </form>
        <a className="dashboard-button" href={`/api/admin/leads.csv${query ? `?${query}` : ''}`} download>
          {t.exportCsv}
        </a>
      </div>
      <p role="status">{loading ? t.loading : loaded && leads.length === 0 ? t.noLeads : ''}</p>
      {snapshot.matches({ signedIn: { leads: 'failed' } }) && <LoadFailed actor={actor} t={t} error={loadError} />}
      <TableScroll captionId="leads-caption">
        <table className="dashboard-table">
          <caption id="leads-caption">
            {t.leadsCaption}, {t.page} {cursors.length}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t.colDate}</th>
              <th scope="col">{t.colEmail}</th>
              <th scope="col">{t.colLeadName}</th>
              <th scope="col">{t.colPhone}</th>
              <th scope="col">{t.colPoptin}</th>
            </tr>
          </thead>
          <tbody>
            {leads.map((lead) => (
              <tr key={lead.conversion_id}>
                <td>
                  <time dateTime={lead.created_at}>{dateFormat.format(new Date(lead.created_at))}</time>
                </td>
                <td>{lead.email}</td>
                <td>{lead.name}</td>
                <td dir="ltr">{lead.phone}</td>
                <td>
                  <code>{lead.poptin_id}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <nav aria-label={t.leadsHeading} className="dashboard-pages">
        <button type="button" disabled={!loaded || cursors.length <= 1} onClick={() => actor.send({ type: 'LEADS.PREVIOUS' })}>
          {t.previous}
        </button>
        <button type="button" disabled={!loaded || nextCursor === null} onClick={() => actor.send({ type: 'LEADS.NEXT' })}>
          {t.next}
        </button>
      </nav>
    </section>
  );
}
