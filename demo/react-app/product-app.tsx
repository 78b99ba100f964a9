/**
 * The demo's React app (demo/public/react.html): a product page that renders `kite-lightbox`,
 * `kite-player` and `kite-poptin` in JSX, as React 19 renders custom elements: props the element
 * has as properties are set as properties (the pop-up's record object), others as attributes
 * (`show-poster-when-ended`), and `on<event>` listens for that exact event (`onkite-poptin-convert`).
 * Typed by `kite-elements/jsx`, generated from the Custom Elements Manifest.
 */
import type {} from 'kite-elements/jsx';
import { useState } from 'react';

/** The colourways in the photo gallery: the file under /media/gallery/ and what the photo shows. */
const COLOURWAYS = [
  { name: 'Sunset', photo: 'aero-01.svg', alt: 'Orange and yellow Aero 2 kite flying in a blue sky' },
  { name: 'Lagoon', photo: 'aero-02.svg', alt: 'Teal and blue Aero 2 kite flying' },
  { name: 'Meadow', photo: 'aero-03.svg', alt: 'Green and lime Aero 2 kite flying' },
] as const;

/** Thumbnail size of the gallery's photos, in CSS pixels (the photos' own aspect ratio). */
const THUMBNAIL = { WIDTH: 128, HEIGHT: 85 } as const;
/** Size the film is laid out at before its metadata loads. */
const FILM = { WIDTH: 480, HEIGHT: 270 } as const;

export interface ProductAppProps {
  /** The offer pop-up's record (a `kite-poptin` record, as the display API answers it). */
  offer: object;
}

export function ProductApp({ offer }: ProductAppProps) {
  // The pop-up is in the page from the click until it says it may be removed.
  const [offerShown, setOfferShown] = useState(false);
  const [status, setStatus] = useState('Nothing happened yet.');

  return (
    <article>
      <h1>Aero 2 summer colours</h1>
      <p className="product-lede">
        Three new sails for the summer: Sunset for the evening beach, Lagoon for the lake and Meadow for
        the park. The same two-minute set-up and the same pocket-sized bag.
      </p>
      {/* The demo's explanation, set apart from the shop's copy as on the product page. */}
      <div className="demo-note">
        <p>
          How this page uses Kite: it is a React 19 app, and Kite's elements are plain tags in its JSX.
          The photos open in <code>kite-lightbox</code>, the film plays in <code>kite-player</code>, and
          the offer is a <code>kite-poptin</code> the app opens with its record. The line below shows the
          events the app hears.
        </p>
        <p className="react-status" role="status">
          {status}
        </p>
      </div>

      <h2>The colours</h2>
      <kite-lightbox
        onkite-lightbox-open={(event) => setStatus(`Photo ${event.detail.index + 1} of ${event.detail.count} opened.`)}
        onkite-lightbox-close={(event) => setStatus(`Photo closed (${event.detail.trigger}).`)}
      >
        <ul className="products">
          {COLOURWAYS.map(({ name, photo, alt }) => (
            <li key={photo}>
              <figure>
                <a href={`/media/gallery/${photo}`}>
                  <img src={`/media/gallery/${photo}`} alt={alt} width={THUMBNAIL.WIDTH} height={THUMBNAIL.HEIGHT} />
                </a>
                <figcaption>{name}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </kite-lightbox>

      <h2>See it fly</h2>
      <kite-player
        show-poster-when-ended
        onkite-player-play={() => setStatus('The film plays.')}
        onkite-player-pause={(event) => setStatus(`The film paused at ${Math.round(event.detail.currentTime)} s.`)}
      >
        <video controls preload="metadata" poster="/media/poster.webp" width={FILM.WIDTH} height={FILM.HEIGHT}>
          <source src="/media/product.webm" type="video/webm" />
          <track kind="captions" src="/media/captions.vtt" srcLang="en" label="English" default />
        </video>
      </kite-player>

      <h2>10% off your first kite</h2>
      <p>
        <button type="button" onClick={() => setOfferShown(true)} disabled={offerShown}>
          Get the offer
        </button>
      </p>
      {offerShown && (
        <kite-poptin
          poptin={offer}
          open
          onkite-poptin-show={() => setStatus('The offer shows.')}
          onkite-poptin-convert={() => setStatus('Thanks: the app heard your sign-up.')}
          onkite-poptin-close={(event) => setStatus(event.detail.submitted ? 'The offer closed after your sign-up.' : 'The offer closed.')}
          onkite-poptin-removed={() => setOfferShown(false)}
        />
      )}
    </article>
  );
}
