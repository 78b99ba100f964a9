// Makes the demo's media files locally, with no network: `node demo/media/make-media.mjs`.
//
// - product.webm: the Aero 2's 10 s product film (VP8 + Opus, 480x270, 25 fps) in four titled
//   scenes, the chapters: the kite over the beach at dawn, its ripstop sail and carbon frame up
//   close, a flyer launching it, and the kite at sunset with the closing card. Drawn on a canvas
//   in Chromium and recorded with MediaRecorder, over a soft wind and a chord. MediaRecorder writes no duration (a live
//   stream has none), so the file would report `Infinity` and no seek step could be 5% of it:
//   the duration Chromium measures by playing the clip is written into the WebM's Info element.
// - poster.webp: a frame of the first scene with its title, the video's poster.
// - jingle.wav: a 2 s three-note jingle, 16-bit mono PCM written by node (no encoder needed).
// - captions.vtt, captions-he.vtt and chapters.vtt: WebVTT tracks for the clip.
//
// The outputs are committed in demo/public/media/ (about 200 KB in all), so neither the
// tests nor `npm start` need Chromium to make them; run this again only to change them.
import { mkdirSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';

const OUT = fileURLToPath(new URL('../public/media/', import.meta.url));

/** The film: length, size and frame rate (the player spec's 16:9 and 25 fps). */
const CLIP = { seconds: 10, width: 480, height: 270, fps: 25, videoBitsPerSecond: 140_000, audioBitsPerSecond: 24_000 };

/** The film's scenes, its chapters (seconds): each scene draws its own title, so a chapter jump shows where it landed. */
const CHAPTERS = [
  { start: 0, end: 2.5, title: 'Meet the Aero 2' },
  { start: 2.5, end: 5, title: 'Ripstop sail' },
  { start: 5, end: 7.5, title: 'Up in two minutes' },
  { start: 7.5, end: CLIP.seconds, title: 'Ready to fly' },
];
/** One caption per scene. */
const CAPTIONS = {
  en: ['Meet the Aero 2, our single-line kite.', 'A ripstop sail on a carbon frame.', 'Out of the bag and flying in two minutes.', 'Light breeze or strong wind: ready when you are.'],
  he: ['הכירו את Aero 2, העפיפון החד-חוטי שלנו.', 'מפרש ריפסטופ על שלד קרבון.', 'מהתיק לשמיים בתוך שתי דקות.', 'בריזה קלה או רוח חזקה: מוכן כשאתם מוכנים.'],
};
/** Where the poster frame is taken: the first scene, its kite up and its title in. */
const POSTER_AT_S = 1.6;

// ---------------------------------------------------------------------------------------------
// WebVTT

const stamp = (seconds) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};
const vtt = (cues) => ['WEBVTT', '', ...cues.flatMap(({ start, end, text }, i) => [String(i + 1), `${stamp(start)} --> ${stamp(end)}`, text, ''])].join('\n');

// ---------------------------------------------------------------------------------------------
// WAV: a short jingle, each note with a soft attack and decay so it does not click.

function jingleWav() {
  const rate = 8_000;
  const notes = [523.25, 659.25, 783.99]; // C5, E5, G5
  const noteSeconds = 0.6;
  const total = Math.round(rate * noteSeconds * notes.length + rate * 0.2);
  const data = Buffer.alloc(total * 2);
  for (let i = 0; i < total; i++) {
    const t = i / rate;
    const note = Math.min(notes.length - 1, Math.floor(t / noteSeconds));
    const local = t - note * noteSeconds;
    const envelope = Math.min(1, local / 0.02) * Math.exp(-3 * local);
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * notes[note] * t) * envelope * 0.5 * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

// ---------------------------------------------------------------------------------------------
// WebM duration: EBML variable-size integers, just enough to find Segment > Info and grow it.

const ID = { SEGMENT: 0x18538067, INFO: 0x1549a966, DURATION: 0x4489 };

/** Reads a vint at `offset`: its length, its value without the marker (`value`) and with it (`raw`). */
function readVint(bytes, offset) {
  const first = bytes[offset];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new Error(`bad EBML vint at ${offset}`);
  let raw = 0n;
  for (let i = 0; i < length; i++) raw = (raw << 8n) | BigInt(bytes[offset + i]);
  const value = raw & ((1n << BigInt(7 * length)) - 1n);
  const unknown = value === (1n << BigInt(7 * length)) - 1n; // all ones: "unknown size"
  return { length, raw: Number(raw), value: Number(value), unknown };
}

/** An EBML size as an 8-byte vint (always valid, whatever the size). */
const sizeVint = (size) => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE((1n << 56n) | BigInt(size));
  return out;
};

/** The WebM with a Duration (milliseconds, at the default TimecodeScale of 1 ms) in its Info element. */
function withDuration(webm, durationMs) {
  let offset = 0;
  const header = readVint(webm, offset); // EBML header
  const headerSize = readVint(webm, offset + header.length);
  offset += header.length + headerSize.length + headerSize.value;
  const segment = readVint(webm, offset);
  if (segment.raw !== ID.SEGMENT) throw new Error('no Segment after the EBML header');
  const segmentSize = readVint(webm, offset + segment.length);
  let child = offset + segment.length + segmentSize.length;
  while (child < webm.length) {
    const id = readVint(webm, child);
    const size = readVint(webm, child + id.length);
    const body = child + id.length + size.length;
    if (id.raw === ID.INFO) {
      const duration = Buffer.alloc(11);
      duration.writeUInt16BE(ID.DURATION, 0);
      duration[2] = 0x88; // size 8
      duration.writeDoubleBE(durationMs, 3);
      const info = Buffer.concat([Buffer.from([0x15, 0x49, 0xa9, 0x66]), sizeVint(size.value + duration.length), webm.subarray(body, body + size.value), duration]);
      // The Segment's size is "unknown" in a recording, so it needs no update; a known one grows too.
      let segmentHead = webm.subarray(offset, child);
      if (!segmentSize.unknown) {
        segmentHead = Buffer.concat([webm.subarray(offset, offset + segment.length), sizeVint(segmentSize.value - (child - body + size.value) + info.length), webm.subarray(offset + segment.length + segmentSize.length, child)]);
      }
      return Buffer.concat([webm.subarray(0, offset), segmentHead, info, webm.subarray(body + size.value)]);
    }
    if (size.unknown) break;
    child = body + size.value;
  }
  throw new Error('no Info element in the Segment');
}

// ---------------------------------------------------------------------------------------------
// The clip, recorded in Chromium.

/** Runs in the page: draws and records the clip, then measures its duration by playing it. */
async function recordInPage(clip) {
  const canvas = document.createElement('canvas');
  canvas.width = clip.width;
  canvas.height = clip.height;
  const g = canvas.getContext('2d');
  const titles = clip.titles;

  const W = clip.width;
  const H = clip.height;
  const ease = (u) => u * u * (3 - 2 * u);
  const mix = (a, b, u) => a + (b - a) * u;

  function sky(top, bottom, horizon = H) {
    const gradient = g.createLinearGradient(0, 0, 0, horizon);
    gradient.addColorStop(0, top);
    gradient.addColorStop(1, bottom);
    g.fillStyle = gradient;
    g.fillRect(0, 0, W, horizon);
  }
  /** Sea from the horizon down, with the sun's glitter on it, then the beach. */
  function coast(horizon, sea, sand, glitterX, t) {
    g.fillStyle = sea;
    g.fillRect(0, horizon, W, H - horizon);
    g.fillStyle = 'rgba(255, 255, 255, 0.35)';
    for (let i = 0; i < 14; i++) {
      const y = horizon + 4 + i * 4;
      const width = 30 - i + Math.sin(t * 3 + i) * 6;
      g.fillRect(glitterX - width / 2 + Math.sin(t * 2 + i * 1.7) * 8, y, width, 1.5);
    }
    g.fillStyle = sand;
    g.beginPath();
    g.moveTo(0, H * 0.86);
    g.quadraticCurveTo(W * 0.5, H * 0.8, W, H * 0.88);
    g.lineTo(W, H);
    g.lineTo(0, H);
    g.fill();
  }
  function sun(x, y, r, colour) {
    const glow = g.createRadialGradient(x, y, r * 0.2, x, y, r * 3);
    glow.addColorStop(0, colour);
    glow.addColorStop(1, 'rgba(255, 255, 255, 0)');
    g.fillStyle = glow;
    g.fillRect(x - r * 3, y - r * 3, r * 6, r * 6);
    g.fillStyle = colour;
    g.beginPath();
    g.arc(x, y, r, 0, Math.PI * 2);
    g.fill();
  }
  /** The Aero 2: a diamond of two colours on its spars, its tail waving behind; `ripstop` draws the sail's weave. */
  function kite(x, y, size, angle, t, { ripstop = false, tail = true } = {}) {
    g.save();
    g.translate(x, y);
    g.rotate(angle);
    if (tail) {
      g.strokeStyle = '#2b2b2b';
      g.lineWidth = Math.max(1, size / 30);
      g.beginPath();
      g.moveTo(0, size);
      for (let i = 1; i <= 8; i++) g.lineTo(Math.sin(t * 6 + i * 0.9) * size * 0.18, size + i * size * 0.22);
      g.stroke();
      g.fillStyle = '#f2a007';
      for (let i = 2; i <= 8; i += 3) {
        const bx = Math.sin(t * 6 + i * 0.9) * size * 0.18;
        g.beginPath();
        g.moveTo(bx, size + i * size * 0.22 - size * 0.06);
        g.lineTo(bx + size * 0.1, size + i * size * 0.22);
        g.lineTo(bx, size + i * size * 0.22 + size * 0.06);
        g.lineTo(bx - size * 0.1, size + i * size * 0.22);
        g.fill();
      }
    }
    const sail = new Path2D();
    sail.moveTo(0, -size);
    sail.lineTo(size * 0.72, -size * 0.12);
    sail.lineTo(0, size);
    sail.lineTo(-size * 0.72, -size * 0.12);
    sail.closePath();
    g.fillStyle = '#e4572e';
    g.fill(sail);
    g.fillStyle = '#f3a712';
    g.beginPath();
    g.moveTo(0, -size);
    g.lineTo(size * 0.72, -size * 0.12);
    g.lineTo(0, size);
    g.fill();
    if (ripstop) {
      g.save();
      g.clip(sail);
      g.strokeStyle = 'rgba(255, 255, 255, 0.28)';
      g.lineWidth = 1;
      const step = size / 9;
      for (let v = -size; v <= size; v += step) {
        g.beginPath();
        g.moveTo(v, -size);
        g.lineTo(v, size);
        g.moveTo(-size, v);
        g.lineTo(size, v);
        g.stroke();
      }
      g.restore();
    }
    g.strokeStyle = '#1f1f1f';
    g.lineWidth = Math.max(1.5, size / 16);
    g.lineCap = 'round';
    g.beginPath();
    g.moveTo(0, -size);
    g.lineTo(0, size);
    g.moveTo(-size * 0.72, -size * 0.12);
    g.lineTo(size * 0.72, -size * 0.12);
    g.stroke();
    g.restore();
  }
  /** A flyer on the beach, holding the line. */
  function flyer(x, y, handX, handY) {
    g.strokeStyle = '#23303f';
    g.fillStyle = '#23303f';
    g.lineWidth = 5;
    g.lineCap = 'round';
    g.beginPath();
    g.arc(x, y - 46, 8, 0, Math.PI * 2);
    g.fill();
    g.beginPath();
    g.moveTo(x, y - 36);
    g.lineTo(x, y - 8);
    g.moveTo(x, y - 8);
    g.lineTo(x - 9, y + 14);
    g.moveTo(x, y - 8);
    g.lineTo(x + 9, y + 14);
    g.moveTo(x, y - 30);
    g.lineTo(handX, handY);
    g.stroke();
  }
  /** The scene's title, top left (the player's controls take the bottom), faded in. */
  function title(text, u) {
    const alpha = Math.min(1, u * 4, (1 - u) * 6);
    if (alpha <= 0) return;
    g.globalAlpha = alpha;
    g.font = 'bold 19px sans-serif';
    g.fillStyle = 'rgba(10, 20, 35, 0.5)';
    g.fillRect(16, 16, g.measureText(text).width + 28, 50);
    g.fillStyle = '#ffd37a';
    g.font = '600 11px sans-serif';
    g.fillText('AERO KITE WORKS', 30, 34);
    g.fillStyle = '#fff';
    g.font = 'bold 19px sans-serif';
    g.fillText(text, 30, 56);
    g.globalAlpha = 1;
  }

  const scenes = [
    // Dawn over the beach: the kite rises into the frame.
    (u, t) => {
      sky('#4f7cac', '#f7c59f', H * 0.62);
      sun(W * 0.78, H * 0.58, 16, '#fff1c9');
      coast(H * 0.62, '#2f6690', '#e9cf9d', W * 0.78, t);
      kite(mix(W * 0.2, W * 0.58, ease(u)), mix(H * 0.7, H * 0.3, ease(u)), 34, -0.25 + Math.sin(t * 2) * 0.08, t);
    },
    // Up close: the ripstop weave and the carbon spars, turning slowly.
    (u, t) => {
      sky('#9fd3f5', '#e3f3ff');
      kite(W * 0.5, H * 0.5, mix(88, 104, u), mix(-0.12, 0.12, u), t, { ripstop: true, tail: false });
    },
    // Launch: a flyer lets the line out and the kite climbs from the sand.
    (u, t) => {
      sky('#3f88c5', '#bfe3fb', H * 0.62);
      coast(H * 0.62, '#1d5c8a', '#ecd5a5', W * 0.2, t);
      const kx = mix(W * 0.42, W * 0.74, ease(u));
      const ky = mix(H * 0.78, H * 0.22, ease(u));
      g.strokeStyle = 'rgba(30, 30, 30, 0.8)';
      g.lineWidth = 1;
      g.beginPath();
      g.moveTo(W * 0.2 + 12, H * 0.78);
      g.quadraticCurveTo((W * 0.2 + kx) / 2, Math.max(ky, H * 0.7), kx, ky + 30);
      g.stroke();
      flyer(W * 0.2, H * 0.84, W * 0.2 + 12, H * 0.78);
      kite(kx, ky, 26, mix(0.6, -0.2, ease(u)) + Math.sin(t * 3) * 0.06, t);
    },
    // Sunset: the kite flies its figure of eight, then the closing card.
    (u, t) => {
      sky('#3d2c5e', '#ff9a5a', H * 0.62);
      sun(W * 0.3, H * 0.6, 22, '#ffd08a');
      coast(H * 0.62, '#3b3b6d', '#c99b6d', W * 0.3, t);
      kite(W * 0.62 + Math.sin(t * 1.6) * 60, H * 0.32 + Math.sin(t * 3.2) * 22, 28, Math.cos(t * 1.6) * 0.5, t);
      const card = Math.max(0, Math.min(1, (u - 0.45) * 3));
      if (card > 0) {
        g.globalAlpha = card;
        g.fillStyle = 'rgba(15, 12, 30, 0.55)';
        g.fillRect(0, H * 0.36, W, 86);
        g.fillStyle = '#fff';
        g.textAlign = 'center';
        g.font = 'bold 34px sans-serif';
        g.fillText('Aero 2', W / 2, H * 0.36 + 44);
        g.font = '14px sans-serif';
        g.fillText('Single-line kite · Aero Kite Works', W / 2, H * 0.36 + 70);
        g.textAlign = 'start';
        g.globalAlpha = 1;
      }
    },
  ];

  function draw(t) {
    // The last scene holds to the end (the recording may run a frame past it).
    const found = titles.findIndex((c) => t >= c.start && t < c.end);
    const index = found === -1 ? titles.length - 1 : found;
    const chapter = titles[index];
    const u = Math.min(1, (t - chapter.start) / (chapter.end - chapter.start));
    scenes[index](u, t);
    title(chapter.title, u);
    // A short dip from dark at each cut.
    const cut = Math.max(0, 1 - (t - chapter.start) / 0.3);
    if (cut > 0 && index > 0) {
      g.fillStyle = `rgba(0, 0, 0, ${cut * 0.8})`;
      g.fillRect(0, 0, W, H);
    }
  }

  draw(clip.posterAt);
  const poster = canvas.toDataURL('image/webp', 0.6);

  // Sound: a soft wind (filtered noise, swelling and easing) under a quiet major chord, from Web Audio into the recording.
  const audio = new AudioContext();
  await audio.resume();
  const destination = audio.createMediaStreamDestination();
  const noise = audio.createBuffer(1, audio.sampleRate * 2, audio.sampleRate);
  const samples = noise.getChannelData(0);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.random() * 2 - 1;
  const wind = audio.createBufferSource();
  wind.buffer = noise;
  wind.loop = true;
  const filter = audio.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.value = 500;
  const windGain = audio.createGain();
  windGain.gain.setValueAtTime(0.05, audio.currentTime);
  for (let s = 1; s <= clip.seconds; s++) windGain.gain.linearRampToValueAtTime(s % 2 ? 0.12 : 0.05, audio.currentTime + s);
  wind.connect(filter).connect(windGain).connect(destination);
  const oscillators = [261.63, 329.63, 392].map((frequency) => {
    const oscillator = audio.createOscillator();
    oscillator.frequency.value = frequency;
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0, audio.currentTime);
    gain.gain.linearRampToValueAtTime(0.04, audio.currentTime + 1.5);
    gain.gain.setValueAtTime(0.04, audio.currentTime + clip.seconds - 1.5);
    gain.gain.linearRampToValueAtTime(0, audio.currentTime + clip.seconds);
    oscillator.connect(gain).connect(destination);
    return oscillator;
  });
  wind.start();
  for (const oscillator of oscillators) oscillator.start();

  const stream = canvas.captureStream(clip.fps);
  stream.addTrack(destination.stream.getAudioTracks()[0]);
  const recorder = new MediaRecorder(stream, {
    mimeType: 'video/webm;codecs=vp8,opus',
    videoBitsPerSecond: clip.videoBitsPerSecond,
    audioBitsPerSecond: clip.audioBitsPerSecond,
  });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  const started = performance.now();
  await new Promise((resolve) => {
    const frame = () => {
      const t = (performance.now() - started) / 1000;
      draw(Math.min(t, clip.seconds));
      if (t < clip.seconds) requestAnimationFrame(frame);
      else resolve();
    };
    frame();
  });
  recorder.stop();
  await stopped;
  wind.stop();
  for (const oscillator of oscillators) oscillator.stop();
  const blob = new Blob(chunks, { type: 'video/webm' });

  // A live recording has no duration until read to its end: seek far past it and read it then.
  const video = document.createElement('video');
  video.muted = true;
  video.src = URL.createObjectURL(blob);
  await new Promise((resolve, reject) => {
    video.onloadedmetadata = resolve;
    video.onerror = () => reject(new Error('recorded clip does not load'));
  });
  const duration = Number.isFinite(video.duration)
    ? video.duration // read from a local blob, Chromium may know it already
    : await new Promise((resolve) => {
        video.ondurationchange = () => Number.isFinite(video.duration) && resolve(video.duration);
        video.currentTime = 1e6;
      });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { webm: btoa(binary), duration, poster };
}

async function recordClip() {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--headless')), '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    // Rendering and recording want a real frame loop: a blank page in the visible tab gets one.
    await page.goto('about:blank');
    return await page.evaluate(recordInPage, { ...CLIP, titles: CHAPTERS, posterAt: POSTER_AT_S });
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------

mkdirSync(OUT, { recursive: true });
const { webm, duration, poster } = await recordClip();
const durationMs = Math.round(duration * 1000);
writeFileSync(join(OUT, 'product.webm'), withDuration(Buffer.from(webm, 'base64'), durationMs));
writeFileSync(join(OUT, 'poster.webp'), Buffer.from(poster.split(',')[1], 'base64'));
writeFileSync(join(OUT, 'jingle.wav'), jingleWav());
const clipEnd = durationMs / 1000;
const cues = (texts) => CHAPTERS.map((chapter, i) => ({ start: chapter.start, end: i === CHAPTERS.length - 1 ? clipEnd : chapter.end, text: texts[i] }));
writeFileSync(join(OUT, 'captions.vtt'), vtt(cues(CAPTIONS.en)));
writeFileSync(join(OUT, 'captions-he.vtt'), vtt(cues(CAPTIONS.he)));
writeFileSync(join(OUT, 'chapters.vtt'), vtt(CHAPTERS.map((chapter, i) => ({ ...chapter, end: i === CHAPTERS.length - 1 ? clipEnd : chapter.end, text: chapter.title }))));

let total = 0;
for (const name of ['product.webm', 'poster.webp', 'jingle.wav', 'captions.vtt', 'captions-he.vtt', 'chapters.vtt']) {
  const size = statSync(join(OUT, name)).size;
  total += size;
  console.log(`${name.padEnd(16)} ${(size / 1024).toFixed(1).padStart(6)} KB`);
}
console.log(`${'total'.padEnd(16)} ${(total / 1024).toFixed(1).padStart(6)} KB (clip ${clipEnd.toFixed(3)} s)`);
