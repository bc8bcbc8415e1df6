import { type AppConfig, ConfigError, loadConfig } from "./config.ts";

/** The environment's config; a bad value ends the process with the message naming each bad variable. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * On the first SIGINT or SIGTERM, `stop` runs (once: a second Ctrl-C while stopping changes nothing),
 * then the process exits with 0.
 */
export function stopOnSignal(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    await stop(signal);
    process.exit(0);
  };
  process.on("SIGINT", () => void onSignal("SIGINT"));
  process.on("SIGTERM", () => void onSignal("SIGTERM"));
}

/** Runs a process's entry; an error that escapes it is printed and ends the process with 1. */
export function runProcess(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
