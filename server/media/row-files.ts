/**
 * A stored file a database row names, with the name it has in a camper's export after the row's id
 * ("7.mp4", "7-poster.jpg"). The repository of the row's table says which of its columns hold files, so
 * a new media column is added there only: deleting a show, the retention rule and the export all ask it.
 */
export interface RowFile {
  key: string;
  name: string;
}

/** The extension of a stored file ("webm"), or "bin" when its key has none. */
export const extensionOf = (key: string) => key.match(/\.([a-z0-9]+)$/i)?.[1] ?? "bin";

/** A file named by its key's own extension, after the row's id and an optional suffix ("-poster"). */
export const fileOf = (key: string, suffix = ""): RowFile => ({ key, name: `${suffix}.${extensionOf(key)}` });

/** A camper's media row as the retention rule announces and deletes it: what it is, whose, and its files. */
export interface CamperMedia {
  id: number;
  userId: number;
  username: string;
  showId: number | null;
  storageKeys: string[];
  createdAt: Date;
}

/** A media row as the retention rule lists it, with the username of its camper and its files' keys. */
export const camperMedia = (
  row: { id: number; userId: number; showId: number | null; createdAt: Date },
  username: string,
  files: RowFile[],
): CamperMedia => ({ id: row.id, userId: row.userId, username, showId: row.showId, storageKeys: files.map((f) => f.key), createdAt: row.createdAt });
