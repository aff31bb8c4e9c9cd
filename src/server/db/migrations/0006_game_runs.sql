CREATE TABLE "partida" (
	"id_partida" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_nivel" integer,
	"juego" text NOT NULL,
	"clave" text NOT NULL,
	"puntos" integer NOT NULL,
	"puntos_max" integer NOT NULL,
	"ganada" boolean NOT NULL,
	"estrellas" integer NOT NULL,
	"palabras_bien" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"palabras_mal" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partida" ADD CONSTRAINT "partida_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partida" ADD CONSTRAINT "partida_id_nivel_nivel_id_nivel_fk" FOREIGN KEY ("id_nivel") REFERENCES "public"."nivel"("id_nivel") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partida_usuario_clave_uq" ON "partida" USING btree ("id_usuario","clave");--> statement-breakpoint
CREATE INDEX "partida_usuario_nivel_juego_idx" ON "partida" USING btree ("id_usuario","id_nivel","juego");--> statement-breakpoint
CREATE INDEX "partida_id_nivel_idx" ON "partida" USING btree ("id_nivel");