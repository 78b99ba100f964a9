/** The pop-up list: status, type, views, conversions and rate of each, with its actions. */
import { LoadFailed, SectionHeading, TableScroll, type SectionProps } from './section.tsx';
import { newPoptinId } from './poptin-id.ts';

export function PoptinsView({ actor, snapshot, t }: SectionProps) {
  const { poptins, loadError } = snapshot.context;
  const loaded = snapshot.matches({ signedIn: { poptins: 'loaded' } });
  const busy = snapshot.matches({ signedIn: { poptins: 'changing' } }) || snapshot.matches({ signedIn: { poptins: 'loading' } });
  return (
    <section aria-labelledby="poptins-heading" className="dashboard-section">
      <div className="dashboard-toolbar">
        <SectionHeading>
          <span id="poptins-heading">{t.poptinsHeading}</span>
        </SectionHeading>
        <button type="button" disabled={!loaded} onClick={() => actor.send({ type: 'POPTIN.CREATE', id: newPoptinId() })}>
          {t.create}
        </button>
      </div>
      <p role="status">{busy ? t.loading : ''}</p>
      {snapshot.matches({ signedIn: { poptins: 'failed' } }) && <LoadFailed actor={actor} t={t} error={loadError} />}
      <TableScroll captionId="poptins-caption">
        <table className="dashboard-table">
          <caption id="poptins-caption">{t.poptinsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.colName}</th>
              <th scope="col">{t.colStatus}</th>
              <th scope="col">{t.colType}</th>
              <th scope="col" className="number">{t.colViews}</th>
              <th scope="col" className="number">{t.colConversions}</th>
              <th scope="col" className="number">{t.colRate}</th>
              <th scope="col">{t.colActions}</th>
            </tr>
          </thead>
          <tbody>
            {poptins.map((poptin) => {
              const name = poptin.poptin_name ?? t.unnamed;
              return (
                <tr key={poptin.poptin_id} data-poptin-id={poptin.poptin_id}>
                  <th scope="row">
                    {name} <code>{poptin.poptin_id}</code>
                  </th>
                  <td>{poptin.active ? t.active : t.inactive}</td>
                  <td>{poptin.poptin_type}</td>
                  <td className="number">{poptin.views}</td>
                  <td className="number">{poptin.conversions}</td>
                  <td className="number">{t.rate(poptin.conversion_rate)}</td>
                  <td className="dashboard-actions">
                    <button type="button" disabled={!loaded} onClick={() => actor.send({ type: 'POPTIN.SET_ACTIVE', id: poptin.poptin_id, active: !poptin.active })}>
                      {poptin.active ? t.deactivate : t.activate}
                      <span className="visually-hidden"> {name}</span>
                    </button>
                    <button type="button" disabled={!loaded} onClick={() => actor.send({ type: 'POPTIN.EDIT', id: poptin.poptin_id })}>
                      {t.edit}
                      <span className="visually-hidden"> {name}</span>
                    </button>
                    <button
                      type="button"
                      disabled={!loaded}
                      onClick={() => actor.send({ type: 'POPTIN.DUPLICATE', id: poptin.poptin_id, newId: newPoptinId() })}
                    >
                      {t.duplicate}
                      <span className="visually-hidden"> {name}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
