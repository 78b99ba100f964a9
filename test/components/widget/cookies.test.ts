// The widget's cookies in Chromium (shared/storage/storage.ts): each read of document.cookie
// after a write is a synchronous call to the browser process, so the visit's dozen reads and
// writes ask the browser once, and once more at the end of the task to find what it dropped
// (not once per write); and a cookie the browser drops is still the page's.
import { expect } from '@open-wc/testing';
import { getCookie, setCookie } from '../../../shared/storage/storage.ts';
import { recordVisit } from '../../../shared/widget/visit.ts';
import { STORAGE_KEY } from '../../../shared/constants/widget.ts';

const browserCookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

/** document.cookie through the browser's own accessors, its reads counted, and the writes of `dropped` names lost as a blocking browser loses them. */
function watchCookies(dropped: string[] = []) {
  const watched = { reads: 0 };
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get() {
      watched.reads += 1;
      return browserCookie.get!.call(document);
    },
    set(value: string) {
      if (!dropped.some((name) => value.startsWith(`${name}=`))) browserCookie.set!.call(document, value);
    },
  });
  return watched;
}

/** A later task: the cookies read in this one are read again there. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

afterEach(() => {
  delete (document as { cookie?: string }).cookie;
});

describe('the widget’s cookies', () => {
  it('recording a visit asks the browser for its cookies once, and once more as its task ends', async () => {
    await nextTask();
    const watched = watchCookies();
    const visit = recordVisit();
    expect(watched.reads).to.equal(1, 'one read for the whole visit');
    await nextTask();
    expect(watched.reads).to.equal(2, 'one read at the end of the task that wrote, not one per write');
    // Outside the visit's bookkeeping a read asks the browser: what another script wrote is there.
    browserCookie.set!.call(document, 'kite-test-other=1; Path=/');
    expect(getCookie('kite-test-other')).to.equal('1');
    expect(getCookie(STORAGE_KEY.CLIENT_ID)).to.equal(visit.visitorId);
    browserCookie.set!.call(document, 'kite-test-other=; Max-Age=0; Path=/');
  });

  it('a cookie the browser drops is kept for the page: read back in this task and the next ones', async () => {
    await nextTask();
    watchCookies(['kite-test-dropped']);
    getCookie('anything');
    setCookie('kite-test-dropped', 'kept', 60);
    expect(getCookie('kite-test-dropped')).to.equal('kept');
    await nextTask();
    expect(getCookie('kite-test-dropped')).to.equal('kept');
    await nextTask();
    expect(getCookie('kite-test-dropped')).to.equal('kept');
    setCookie('kite-test-dropped', '', 0);
    expect(getCookie('kite-test-dropped')).to.equal(null);
    await nextTask();
    expect(getCookie('kite-test-dropped')).to.equal(null);
  });

  it('a cookie another script changes after the widget wrote it reads as that script left it', async () => {
    await nextTask();
    watchCookies();
    setCookie('kite-test-shared', 'ours', 60);
    await nextTask();
    browserCookie.set!.call(document, 'kite-test-shared=theirs; Path=/');
    expect(getCookie('kite-test-shared')).to.equal('theirs');
    browserCookie.set!.call(document, 'kite-test-shared=; Max-Age=0; Path=/');
    expect(getCookie('kite-test-shared')).to.equal(null);
  });
});
