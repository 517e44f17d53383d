CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_name" text NOT NULL,
	"registration_number" text,
	"vat_number" text,
	"vat_rate_bp" integer DEFAULT 1500 NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account_name" text DEFAULT '' NOT NULL,
	"bank_account_number" text DEFAULT '' NOT NULL,
	"bank_branch_code" text DEFAULT '' NOT NULL,
	"bank_swift" text,
	"invoice_prefix" text NOT NULL,
	"reference_rule" text DEFAULT '{prefix}{order}' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_vat_ck" CHECK ("accounts"."vat_rate_bp" between 0 and 10000),
	CONSTRAINT "accounts_terms_ck" CHECK ("accounts"."payment_terms_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"account_id" integer NOT NULL,
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_account_id_year_kind_pk" PRIMARY KEY("account_id","year","kind")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"account_id" integer NOT NULL,
	"olympiad_id" integer NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"document_number" text NOT NULL,
	"credits_invoice_id" integer,
	"credited_at" timestamp with time zone,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date,
	"currency" text NOT NULL,
	"learners" integer NOT NULL,
	"free_learners" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"schools_po" text,
	"bill_to" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"payment_reference" text NOT NULL,
	"email_id" integer,
	"mailed_at" timestamp with time zone,
	"created_by" integer,
	CONSTRAINT "invoices_kind_ck" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_sign_ck" CHECK (("invoices"."kind" = 'invoice' and "invoices"."total_cents" >= 0) or ("invoices"."kind" = 'credit_note' and "invoices"."total_cents" <= 0))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"olympiad_id" integer NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"statement_line_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer,
	"reverse_reason" text,
	CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount_cents" <> 0),
	CONSTRAINT "payments_method_ck" CHECK ("payments"."method" in ('eft', 'deposit', 'card', 'cash', 'other'))
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"olympiad_id" integer NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"lines" integer NOT NULL,
	"matched" integer NOT NULL,
	"unmatched" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"olympiad_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"posted_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"purchase_order_id" integer,
	"matched_by" integer,
	"matched_at" timestamp with time zone,
	CONSTRAINT "statement_lines_status_ck" CHECK ("statement_lines"."status" in ('matched', 'unmatched', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "olympiads" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "olympiads" ADD COLUMN "payment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_matched_by_users_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_prefix_uq" ON "accounts" USING btree (upper("invoice_prefix"));--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("account_id","kind","year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credits_uq" ON "invoices" USING btree ("credits_invoice_id") WHERE "invoices"."credits_invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_current_uq" ON "invoices" USING btree ("purchase_order_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."credited_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("purchase_order_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_olympiad_idx" ON "invoices" USING btree ("olympiad_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_reference_idx" ON "invoices" USING btree (upper("payment_reference"));--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "payments_olympiad_idx" ON "payments" USING btree ("olympiad_id","received_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_line_uq" ON "payments" USING btree ("statement_line_id") WHERE "payments"."statement_line_id" is not null and "payments"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX "statement_imports_olympiad_idx" ON "statement_imports" USING btree ("olympiad_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_fingerprint_uq" ON "statement_lines" USING btree ("olympiad_id","fingerprint");--> statement-breakpoint
CREATE INDEX "statement_lines_status_idx" ON "statement_lines" USING btree ("olympiad_id","status");--> statement-breakpoint
ALTER TABLE "olympiads" ADD CONSTRAINT "olympiads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;