CREATE TABLE "clase_invitacion" (
	"id_invitacion" serial PRIMARY KEY NOT NULL,
	"id_clase" integer NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_profesor" integer,
	"creada" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clase_invitacion" ADD CONSTRAINT "clase_invitacion_id_clase_clase_id_clase_fk" FOREIGN KEY ("id_clase") REFERENCES "public"."clase"("id_clase") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clase_invitacion" ADD CONSTRAINT "clase_invitacion_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clase_invitacion" ADD CONSTRAINT "clase_invitacion_id_profesor_usuario_id_fk" FOREIGN KEY ("id_profesor") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clase_invitacion_clase_usuario_idx" ON "clase_invitacion" USING btree ("id_clase","id_usuario");--> statement-breakpoint
CREATE INDEX "clase_invitacion_id_usuario_idx" ON "clase_invitacion" USING btree ("id_usuario");--> statement-breakpoint
-- A picture password exists only for children created in a class (no e-mail, no password): the
-- ones that joining or adding gave to e-mail accounts are removed.
UPDATE "usuario" SET "clave_imagenes_hash" = NULL, "clave_imagenes_cifrada" = NULL
WHERE ("email" IS NOT NULL OR "password_hash" IS NOT NULL) AND ("clave_imagenes_hash" IS NOT NULL OR "clave_imagenes_cifrada" IS NOT NULL);
