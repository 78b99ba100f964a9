// Makes the demo's media files locally, with no network: `node demo/media/make-media.mjs`.
//
// - product.webm: a 2.5 s product clip (VP8 + Opus, 480x270, 25 fps) drawn on a canvas in
//   headless Chromium and recorded with MediaRecorder. MediaRecorder writes no duration (a live
//   stream has none), so the file would report `Infinity` and no seek step could be 5% of it:
//   the duration Chromium measures by playing the clip is written into the WebM's Info element.
// - poster.webp: the clip's title card, the video's poster.
// - jingle.wav: a 2 s three-note jingle, 16-bit mono PCM written by node (no encoder needed).
// - captions.vtt, captions-he.vtt and chapters.vtt: WebVTT tracks for the clip.
//
// The outputs are committed in demo/public/media/ (well under 200 KB in all), so neither the
// tests nor `npm start` need Chromium to make them; run this again only to change them.
import { mkdirSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';

const OUT = fileURLToPath(new URL('../public/media/', import.meta.url));

/** The clip: length, size and frame rate (the player spec's 16:9 and 25 fps). */
const CLIP = { seconds: 2.5, width: 480, height: 270, fps: 25, videoBitsPerSecond: 160_000, audioBitsPerSecond: 24_000 };

/** Chapters and captions of the clip, in seconds. */
const CHAPTERS = [
  { start: 0, end: 0.8, title: 'Meet the Aero 2' },
  { start: 0.8, end: 1.6, title: 'Ripstop sail' },
  { start: 1.6, end: CLIP.seconds, title: 'Ready to fly' },
];
const CAPTIONS = {
  en: ['Meet the Aero 2, our single-line kite.', 'A ripstop sail on a carbon frame.', 'Out of the bag and flying in two minutes.'],
  he: ['הכירו את Aero 2, העפיפון החד-חוטי שלנו.', 'מפרש ריפסטופ על שלד קרבון.', 'מהתיק לשמיים בתוך שתי דקות.'],
};

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

  function draw(t) {
    const sky = g.createLinearGradient(0, 0, 0, clip.height);
    sky.addColorStop(0, '#1d4e89');
    sky.addColorStop(1, '#7fb7e6');
    g.fillStyle = sky;
    g.fillRect(0, 0, clip.width, clip.height);
    // The kite: a diamond crossing the sky on a gentle wave, its tail trailing.
    const x = 60 + (t / clip.seconds) * (clip.width - 120);
    const y = clip.height * 0.42 + Math.sin(t * 4) * 24;
    g.strokeStyle = '#fff';
    g.lineWidth = 2;
    g.beginPath();
    g.moveTo(x, y + 40);
    for (let i = 1; i <= 6; i++) g.lineTo(x - i * 12, y + 40 + i * 8 + Math.sin(t * 8 + i) * 5);
    g.stroke();
    g.fillStyle = '#f2a007';
    g.beginPath();
    g.moveTo(x, y - 40);
    g.lineTo(x + 28, y);
    g.lineTo(x, y + 40);
    g.lineTo(x - 28, y);
    g.closePath();
    g.fill();
    g.fillStyle = '#d2452b';
    g.beginPath();
    g.moveTo(x, y - 40);
    g.lineTo(x + 28, y);
    g.lineTo(x, y);
    g.closePath();
    g.fill();
    // Title of the current chapter and a time counter at the top (the player's controls cover the bottom), so a seek is visible.
    const chapter = titles.find((c) => t >= c.start && t < c.end) ?? titles[titles.length - 1];
    g.fillStyle = 'rgba(0, 0, 0, 0.45)';
    g.fillRect(0, 0, clip.width, 40);
    g.fillStyle = '#fff';
    g.font = 'bold 20px sans-serif';
    g.fillText(chapter.title, 16, 27);
    g.font = '14px monospace';
    g.fillText(`${t.toFixed(2)} s`, clip.width - 80, 26);
  }

  draw(0);
  const poster = canvas.toDataURL('image/webp', 0.6);

  // Sound: a low hum rising in pitch with the kite, from Web Audio into the recording.
  const audio = new AudioContext();
  await audio.resume();
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  gain.gain.value = 0.15;
  oscillator.frequency.setValueAtTime(220, audio.currentTime);
  oscillator.frequency.linearRampToValueAtTime(440, audio.currentTime + clip.seconds);
  const destination = audio.createMediaStreamDestination();
  oscillator.connect(gain).connect(destination);
  oscillator.start();

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
  oscillator.stop();
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
    return await page.evaluate(recordInPage, { ...CLIP, titles: CHAPTERS });
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
