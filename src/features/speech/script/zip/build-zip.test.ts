import { unzipSync } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SpeechRequest } from '@/contract';
import { buildZip, zipBaseNames, type ZipTake } from './build-zip';
import { parseDelimited } from '../../lexicon/files/parse-delimited';
import { foldName, safeBaseName } from '../import/safe-file-name';

const request = (sourceText: string, voiceName = 'en-us'): SpeechRequest => ({
  sourceText,
  voiceName,
  speedFactor: 1.5,
  volume: -3,
  emotion: 2,
  format: 'wav',
});
const pcmFormat = { sampleRate: 22050, channels: 1, bitsPerSample: 16 };
const audio = (n: number) => new Blob([Uint8Array.from({ length: 1000 + n }, (_, i) => (i * n) & 0xff)]);

describe('safe names', () => {
  it('drops folders and "..", reserved characters and device names', () => {
    expect(safeBaseName('../../etc/passwd')).toBe('passwd');
    expect(safeBaseName('C:\\Users\\x\\evil')).toBe('evil');
    expect(safeBaseName('a<b>:c|d?*')).toBe('a_b__c_d__');
    expect(safeBaseName('a\u0000b\nc\u0085d')).toBe('a_b_c_d');
    expect(safeBaseName('..')).toBeNull();
    expect(safeBaseName(' .hidden. ')).toBe('hidden');
    expect(safeBaseName('CON')).toBe('_CON');
    expect(safeBaseName('x'.repeat(300))).toHaveLength(100);
  });

  it('names by the file-name column or the line number, never twice (case-insensitively)', () => {
    const takes = [
      { line: 2, fileName: 'Intro.wav', format: 'wav' as const },
      { line: 3, fileName: 'intro', format: 'wav' as const },
      { line: 17, format: 'mp3' as const },
      { line: 9, fileName: '../', format: 'wav' as const },
      { line: 4, fileName: 'line-17', format: 'mp3' as const },
    ];
    expect(zipBaseNames(takes)).toEqual(['Intro', 'intro-2', 'line-17', 'line-09', 'line-17-2']);
  });
});

describe('buildZip', () => {
  it('holds every audio as it was, subtitles beside it, and a manifest that matches', async () => {
    const takes: ZipTake[] = [
      {
        line: 2,
        fileName: '../greeting',
        audio: audio(1),
        format: 'wav',
        textSent: 'Hello, "world"',
        request: request('Hello'),
        durationMs: 1234,
        pcmFormat,
        taskId: 'Service_AI1',
        cues: [{ startMs: 0, endMs: 1234, lines: ['Hello, "world"'] }],
      },
      {
        line: 3,
        audio: audio(2),
        format: 'mp3',
        textSent: '=SUM(A1)',
        request: request('=SUM(A1)', 'fr'),
        durationMs: null,
        pcmFormat,
        taskId: 'Service_AI2',
      },
    ];
    const files = unzipSync(new Uint8Array(await (await buildZip(takes)).arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['greeting.srt', 'greeting.vtt', 'greeting.wav', 'line-3.mp3', 'manifest.csv']);
    expect(files['greeting.wav']).toEqual(new Uint8Array(await audio(1).arrayBuffer()));
    expect(files['line-3.mp3']).toEqual(new Uint8Array(await audio(2).arrayBuffer()));
    expect(new TextDecoder().decode(files['greeting.srt'])).toBe('1\r\n00:00:00,000 --> 00:00:01,234\r\nHello, "world"\r\n\r\n');
    expect(new TextDecoder().decode(files['greeting.vtt'])).toContain('WEBVTT');
    const manifest = parseDelimited(new TextDecoder().decode(files['manifest.csv']), ',').map((r) => r.fields);
    expect(manifest).toEqual([
      [
        'line',
        'file',
        'text sent',
        'voice',
        'timbre',
        'language',
        'speed',
        'volume',
        'emotion',
        'format',
        'sample rate (Hz)',
        'channels',
        'bits',
        'duration (s)',
        'task ID',
      ],
      ['2', 'greeting.wav', 'Hello, "world"', 'en-us', '', '', '1.5', '-3', '2', 'wav', '', '', '', '1.234', 'Service_AI1'],
      ['3', 'line-3.mp3', "'=SUM(A1)", 'fr', '', '', '1.5', '-3', '2', 'mp3', '', '', '', '', 'Service_AI2'],
    ]);
  });
});

describe('buildZip: raw PCM', () => {
  it('says how to read a raw PCM take, which has no header: sample rate, channels and bits (signed little-endian)', async () => {
    const stereo = { sampleRate: 48000, channels: 2, bitsPerSample: 24 };
    const { manifest } = await entriesOf([take(1, 'pcm'), { ...take(2, 'pcm'), pcmFormat: stereo }, take(3, 'wav'), take(4, 'mp3')]);
    const columns = ['format', 'sample rate (Hz)', 'channels', 'bits'].map((name) => manifest[0]!.indexOf(name));
    expect(columns).not.toContain(-1);
    expect(manifest.slice(1).map((row) => columns.map((c) => row[c]))).toEqual([
      ['pcm', '22050', '1', '16'],
      ['pcm', '48000', '2', '24'],
      // A WAV's header and an MP3's frames say it themselves.
      ['wav', '', '', ''],
      ['mp3', '', '', ''],
    ]);
  });
});

describe('buildZip with loudness', () => {
  it('adds a loudness column when the takes were normalised, saying which were left as they came', async () => {
    const base = { request: request('a'), durationMs: 1000, textSent: 'a', pcmFormat };
    const takes: ZipTake[] = [
      { ...base, line: 1, audio: audio(1), format: 'wav', taskId: 'A', loudness: 'normalised to -16 LUFS (-16.0 LUFS, -1.2 dBTP)' },
      { ...base, line: 2, audio: audio(2), format: 'mp3', taskId: 'B', loudness: 'not normalised (mp3)' },
    ];
    const files = unzipSync(new Uint8Array(await (await buildZip(takes)).arrayBuffer()));
    const manifest = parseDelimited(new TextDecoder().decode(files['manifest.csv']), ',').map((r) => r.fields);
    expect(manifest[0]!.at(-1)).toBe('loudness');
    expect(manifest.slice(1).map((r) => r.at(-1))).toEqual(['normalised to -16 LUFS (-16.0 LUFS, -1.2 dBTP)', 'not normalised (mp3)']);
  });
});

const take = (line: number, format: ZipTake['format'], fileName?: string, withCues = true): ZipTake => ({
  line,
  ...(fileName === undefined ? {} : { fileName }),
  audio: audio(line),
  format,
  textSent: `line ${line}`,
  request: { ...request(`line ${line}`), format },
  durationMs: 1000,
  pcmFormat,
  taskId: `T${line}`,
  ...(withCues ? { cues: [{ startMs: 0, endMs: 1000, lines: [`line ${line}`] }] } : {}),
});

async function entriesOf(takes: ZipTake[]) {
  const files = unzipSync(new Uint8Array(await (await buildZip(takes)).arrayBuffer()));
  const manifest = parseDelimited(new TextDecoder().decode(files['manifest.csv']), ',').map((r) => r.fields);
  return { names: Object.keys(files), files, manifest };
}

describe('buildZip: entry names', () => {
  it('gives a wav and an mp3 of the same name their own subtitles (a.srt and a-2.srt, never two a.srt)', async () => {
    const { names, files, manifest } = await entriesOf([take(1, 'wav', 'a'), take(2, 'mp3', 'a')]);
    expect(names.sort()).toEqual(['a-2.mp3', 'a-2.srt', 'a-2.vtt', 'a.srt', 'a.vtt', 'a.wav', 'manifest.csv']);
    expect(new TextDecoder().decode(files['a-2.srt'])).toContain('line 2');
    expect(manifest.slice(1).map((r) => r[1])).toEqual(['a.wav', 'a-2.mp3']);
  });

  it('never gives two names one file on Windows or macOS ("a" and "A", "É" composed and not)', async () => {
    const { names } = await entriesOf([take(1, 'wav', 'a'), take(2, 'wav', 'A'), take(3, 'wav', 'É'), take(4, 'wav', 'E\u0301')]);
    expect(new Set(names.map(foldName)).size).toBe(names.length);
    expect(names.filter((n) => n.endsWith('.wav')).sort()).toEqual(['A-2.wav', 'a.wav', 'É-2.wav', 'É.wav']);
  });

  it('neutralises device names and drops bidi and zero-width characters; the manifest names the files as zipped', async () => {
    const { names, manifest } = await entriesOf([
      take(1, 'wav', 'CON .txt'),
      take(2, 'wav', 'COM¹'),
      take(3, 'mp3', 'CONIN$'),
      take(4, 'wav', 'evil\u202Evaw.exe'),
      take(5, 'wav', 'zero\u200Bwidth'),
      take(6, 'wav', 'clip.WAV\u200B'),
      take(7, 'mp3', 'AUX .mp3'),
    ]);
    expect(manifest.slice(1).map((r) => r[1])).toEqual([
      '_CON .txt.wav',
      '_COM¹.wav',
      '_CONIN$.mp3',
      'evilvaw.exe.wav',
      'zerowidth.wav',
      'clip.wav',
      '_AUX.mp3',
    ]);
    for (const file of manifest.slice(1).map((r) => r[1]!)) expect(names).toContain(file);
  });

  it('keeps manifest.csv the only manifest whatever a line is called', async () => {
    const { names, manifest } = await entriesOf([take(1, 'wav', 'manifest'), take(2, 'wav', 'MANIFEST.csv')]);
    expect(names.filter((n) => foldName(n) === 'manifest.csv')).toEqual(['manifest.csv']);
    expect(manifest).toHaveLength(3);
  });

  it('property: any lines give entry names unique under case folding, no device name, no bidi or zero-width character', async () => {
    const piece = fc.constantFrom(
      'a',
      'A',
      'á',
      'a\u0301',
      'ß',
      'SS',
      'CON',
      'com¹',
      'CONIN$',
      '.',
      ' ',
      '-2',
      '\u202E',
      '\u200B',
      '\uFEFF',
      'manifest',
      '.csv',
      '.wav',
    );
    const fileName = fc.option(
      fc.oneof(
        fc.array(piece, { maxLength: 5 }).map((p) => p.join('')),
        fc.string(),
      ),
      { nil: undefined },
    );
    const lines = fc.array(fc.record({ fileName, format: fc.constantFrom('wav', 'mp3', 'pcm' as const), cues: fc.boolean() }), {
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(lines, async (specs) => {
        const { names, manifest } = await entriesOf(specs.map((s, i) => take(i + 1, s.format, s.fileName, s.cues)));
        expect(new Set(names.map(foldName)).size).toBe(names.length);
        for (const name of names) {
          expect(name).not.toMatch(/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u);
          expect(name.split('.')[0]!.trim()).not.toMatch(/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i);
          expect(name).not.toMatch(/[.\s]\.[a-z]+$/u);
        }
        // A cell starting with = + - @ or ' carries the manifest's formula guard (a leading ').
        const files = manifest.slice(1).map((r) => r[1]!.replace(/^'(?=[=+\-@'])/, ''));
        expect(files).toEqual(names.filter((n) => /\.(wav|mp3|pcm)$/.test(n)));
      }),
      { numRuns: 150 },
    );
    // 150 real zips: about a second on a quiet machine, over 5 s under load (a clean-clone run timed out).
  }, 30_000);
});
