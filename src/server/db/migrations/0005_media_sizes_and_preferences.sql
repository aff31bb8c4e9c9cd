ALTER TABLE "multimedia" ADD COLUMN "tamano" integer;--> statement-breakpoint
ALTER TABLE "multimedia" ADD COLUMN "url_compacta" text;--> statement-breakpoint
ALTER TABLE "multimedia" ADD COLUMN "tamano_compacta" integer;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "preferencias" text;