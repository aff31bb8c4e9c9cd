ALTER TABLE "pregunta" ADD COLUMN "id_multimedia" integer;--> statement-breakpoint
ALTER TABLE "pregunta" ADD COLUMN "id_palabra" integer;--> statement-breakpoint
ALTER TABLE "pregunta" ADD COLUMN "modo" text;--> statement-breakpoint
ALTER TABLE "respuesta" ADD COLUMN "id_multimedia" integer;--> statement-breakpoint
ALTER TABLE "pregunta" ADD CONSTRAINT "pregunta_id_multimedia_multimedia_id_fk" FOREIGN KEY ("id_multimedia") REFERENCES "public"."multimedia"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregunta" ADD CONSTRAINT "pregunta_id_palabra_palabra_id_palabra_fk" FOREIGN KEY ("id_palabra") REFERENCES "public"."palabra"("id_palabra") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuesta" ADD CONSTRAINT "respuesta_id_multimedia_multimedia_id_fk" FOREIGN KEY ("id_multimedia") REFERENCES "public"."multimedia"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pregunta_generada_palabra_uq" ON "pregunta" USING btree ("id_evaluacion","id_palabra") WHERE "pregunta"."modo" is not null;