CREATE TABLE "limite_ventana" (
	"clave" text PRIMARY KEY NOT NULL,
	"cuenta" integer NOT NULL,
	"vence" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limite_ventana_vence_idx" ON "limite_ventana" USING btree ("vence");