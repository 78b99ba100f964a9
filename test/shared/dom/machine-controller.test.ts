import { expect, fixture, html as fixtureHtml } from '@open-wc/testing';
import { LitElement, html } from 'lit';
import { assign, emit, setup, type Actor } from 'xstate';
import { MachineController } from '../../../shared/dom/machine-controller.ts';

/** The probe's events, added to the surfaces as a new surface adds its own: `kite-probe-toggle` is then typed. */
type ProbeEmitted = { type: 'toggle'; on: boolean };
declare module '../../../shared/dom/events.ts' {
  interface KiteSurfaceEmitted {
    probe: ProbeEmitted;
  }
}

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;

/** A two-state machine with an emitted event and a delayed one, enough to see each duty of the controller. */
const probeMachine = setup({
  types: {} as {
    context: { count: number; label: string };
    events: { type: 'TOGGLE' } | { type: 'NOTHING' };
    emitted: ProbeEmitted;
    input: { label: string };
  },
  delays: { settle: 60_000 },
}).createMachine({
  id: 'probe',
  context: ({ input }) => ({ count: 0, label: input.label }),
  initial: 'off',
  states: {
    off: { on: { TOGGLE: { target: 'on', actions: [assign({ count: ({ context }) => context.count + 1 }), emit({ type: 'toggle', on: true })] } } },
    on: {
      on: { TOGGLE: { target: 'off', actions: [assign({ count: ({ context }) => context.count + 1 }), emit({ type: 'toggle', on: false })] } },
      after: { settle: 'off' },
    },
  },
});

class KiteProbe extends LitElement {
  static override properties = { label: { type: String } };
  declare label: string;
  renders = 0;
  readonly machine = new MachineController(this, { machine: probeMachine, surface: 'probe', input: () => ({ label: this.label ?? '' }) });

  override render() {
    // oxlint-disable-next-line lit/no-this-assign-in-render -- the probe counts its renders: what the tests assert
    this.renders += 1;
    const snapshot = this.machine.snapshot;
    return html`<button part="toggle" aria-pressed=${snapshot.matches('on')} @click=${() => this.machine.send({ type: 'TOGGLE' })}>
      ${snapshot.context.label} ${snapshot.context.count}
    </button>`;
  }
}
customElements.define('kite-probe', KiteProbe);

const button = (probe: KiteProbe) => probe.shadowRoot!.querySelector('button')!;

describe('MachineController', () => {
  it('starts the machine on connection with the input read then, and renders its snapshot', async () => {
    const probe = await fixture<KiteProbe>(fixtureHtml`<kite-probe label="Lights"></kite-probe>`);
    expect(probe.machine.actor.getSnapshot().status).to.equal('active');
    expect(button(probe).textContent!.trim()).to.equal('Lights 0');
    expect(button(probe).getAttribute('aria-pressed')).to.equal('false');
  });

  it('renders again on each new snapshot', async () => {
    const probe = await fixture<KiteProbe>(fixtureHtml`<kite-probe label="Lights"></kite-probe>`);
    button(probe).click();
    await probe.updateComplete;
    expect(button(probe).getAttribute('aria-pressed')).to.equal('true');
    expect(button(probe).textContent!.trim()).to.equal('Lights 1');
  });

  it('does not render again for an event that changes nothing', async () => {
    const probe = await fixture<KiteProbe>(fixtureHtml`<kite-probe label="Lights"></kite-probe>`);
    await probe.updateComplete;
    const before = probe.renders;
    probe.machine.send({ type: 'NOTHING' });
    probe.machine.send({ type: 'NOTHING' });
    await probe.updateComplete;
    expect(probe.renders).to.equal(before);
    button(probe).click();
    await probe.updateComplete;
    expect(probe.renders).to.equal(before + 1);
  });

  it('forwards emitted events as bubbling, composed kite-<surface>-<type> events with the other fields as detail', async () => {
    const probe = await fixture<KiteProbe>(fixtureHtml`<kite-probe label="Lights"></kite-probe>`);
    const heard: Array<{ detail: unknown; bubbles: boolean; composed: boolean }> = [];
    document.addEventListener('kite-probe-toggle', ({ detail, bubbles, composed }) => {
      heard.push({ detail, bubbles, composed });
    });
    button(probe).click();
    button(probe).click();
    expect(heard).to.deep.equal([
      { detail: { on: true }, bubbles: true, composed: true },
      { detail: { on: false }, bubbles: true, composed: true },
    ]);
  });

  it('stops the actor when the element leaves the page, and ignores sends meanwhile', async () => {
    const probe = await fixture<KiteProbe>(fixtureHtml`<kite-probe label="Lights"></kite-probe>`);
    const actor: Actor<typeof probeMachine> = probe.machine.actor;
    probe.remove();
    expect(actor.getSnapshot().status).to.equal('stopped');
    expect(() => probe.machine.actor).to.throw(/runs only while its element is connected/);
    probe.machine.send({ type: 'TOGGLE' });
  });

  it('renders the last snapshot in an update asked for just before the element left', async () => {
    const probe = await fixture<KiteProbe>(fixtureHtml`<kite-probe label="Lights"></kite-probe>`);
    button(probe).click();
    probe.remove();
    await probe.updateComplete;
    expect(button(probe).getAttribute('aria-pressed')).to.equal('true');
    expect(button(probe).textContent!.trim()).to.equal('Lights 1');
  });

  it('starts a fresh actor when the element comes back, from the attributes it has then', async () => {
    const probe = await fixture<KiteProbe>(fixtureHtml`<kite-probe label="Lights"></kite-probe>`);
    button(probe).click();
    const first = probe.machine.actor;
    const parent = probe.parentElement!;
    probe.remove();
    probe.setAttribute('label', 'Fan');
    parent.append(probe);
    await probe.updateComplete;
    expect(probe.machine.actor).to.not.equal(first);
    expect(button(probe).textContent!.trim()).to.equal('Fan 0');
  });
});
