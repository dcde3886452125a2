/**
 * Sign-up storage over Netlify Blobs (a store of its own). Records live under `signup/<id>`; an
 * outbox marker `due/<id>` exists while a record still needs delivering, so the retry job lists
 * only what is left to do. Claims use the blob's ETag (compare-and-swap), so two workers never
 * deliver the same record at once.
 */
import type { Store } from '@netlify/blobs';
import { signupRecordSchema, type SignupRecord } from './record.ts';

export const SIGNUP_STORE_NAME = 'email-signups';

export type StoredRecord = { record: SignupRecord; etag: string };

export type SignupStore = {
  read(id: string): Promise<StoredRecord | null>;
  /** Writes a new record; false when one already exists. */
  create(record: SignupRecord): Promise<boolean>;
  /** Replaces the record only if it is unchanged since it was read; false otherwise. */
  replace(record: SignupRecord, etag: string): Promise<boolean>;
  write(record: SignupRecord): Promise<void>;
  markDue(id: string): Promise<void>;
  clearDue(id: string): Promise<void>;
  /** Ids with an outbox marker. */
  due(): Promise<string[]>;
};

const recordKey = (id: string) => `signup/${id}`;
const dueKey = (id: string) => `due/${id}`;

export class DamagedRecordError extends Error {
  override name = 'DamagedRecordError';
}

export function createBlobSignupStore(store: Store): SignupStore {
  return {
    async read(id) {
      const found = await store.getWithMetadata(recordKey(id), { type: 'json' });
      if (!found) return null;
      const parsed = signupRecordSchema.safeParse(found.data);
      if (!parsed.success) throw new DamagedRecordError(`sign-up record ${id.slice(0, 12)}… is damaged`);
      return { record: parsed.data, etag: found.etag ?? '' };
    },
    async create(record) {
      const result = await store.setJSON(recordKey(record.id), record, { onlyIfNew: true });
      return result.modified;
    },
    async replace(record, etag) {
      const result = await store.setJSON(recordKey(record.id), record, { onlyIfMatch: etag });
      return result.modified;
    },
    async write(record) {
      await store.setJSON(recordKey(record.id), record);
    },
    async markDue(id) {
      await store.set(dueKey(id), '1');
    },
    async clearDue(id) {
      await store.delete(dueKey(id));
    },
    async due() {
      const ids: string[] = [];
      for await (const page of store.list({ prefix: 'due/', paginate: true })) {
        for (const blob of page.blobs) ids.push(blob.key.slice('due/'.length));
      }
      return ids;
    },
  };
}
