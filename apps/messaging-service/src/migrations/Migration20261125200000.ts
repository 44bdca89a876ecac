import { Migration } from '@mikro-orm/migrations';

/**
 * Training documents (docs/agent.md, "Training documents"): an owner's uploaded file while a job turns it
 * into knowledge passages. `content` holds the file's bytes from the upload until the job's last word, so
 * a worker on any replica can read it (nothing waits on a local disk); it is emptied once the document is
 * completed or failed. The passages are knowledge items with `source_document_id`: deleting a document
 * deletes them (the foreign key the knowledge migration left to this one).
 */
export class Migration20261125200000 extends Migration {
  override up(): void {
    this.addSql(`create table "training_documents" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "original_name" text not null,
      "file_type" text not null,
      "file_size" int not null,
      "status" text not null default 'processing' check ("status" in ('processing', 'completed', 'failed')),
      "processing_error" text null,
      "content" bytea null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(
      'create index "training_documents_owner_recent_idx" on "training_documents" ("owner_id", "created_at" desc, "id" desc)',
    );
    this.addSql(`alter table "knowledge_items" add constraint "knowledge_items_source_document_fk"
                   foreign key ("source_document_id") references "training_documents" ("id") on delete cascade`);
  }
}
