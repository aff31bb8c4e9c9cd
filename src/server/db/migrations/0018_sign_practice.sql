CREATE TABLE "practica" (
	"id_practica" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_palabra" integer NOT NULL,
	"clave" text NOT NULL,
	"estrellas" integer NOT NULL,
	"puntaje" double precision NOT NULL,
	"forma" double precision NOT NULL,
	"lugar" double precision NOT NULL,
	"movimiento" double precision NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practica_estrellas_ck" CHECK ("practica"."estrellas" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "trazo" (
	"url" text PRIMARY KEY NOT NULL,
	"ms" integer NOT NULL,
	"datos" jsonb NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practica" ADD CONSTRAINT "practica_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practica" ADD CONSTRAINT "practica_id_palabra_palabra_id_palabra_fk" FOREIGN KEY ("id_palabra") REFERENCES "public"."palabra"("id_palabra") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practica_usuario_clave_uq" ON "practica" USING btree ("id_usuario","clave");--> statement-breakpoint
CREATE INDEX "practica_usuario_palabra_idx" ON "practica" USING btree ("id_usuario","id_palabra");--> statement-breakpoint
CREATE INDEX "practica_id_palabra_idx" ON "practica" USING btree ("id_palabra");