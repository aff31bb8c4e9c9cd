CREATE TABLE "memoria" (
	"id_memoria" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_palabra" integer NOT NULL,
	"estado" integer DEFAULT 0 NOT NULL,
	"vence" timestamp with time zone DEFAULT now() NOT NULL,
	"estabilidad" double precision DEFAULT 0 NOT NULL,
	"dificultad" double precision DEFAULT 0 NOT NULL,
	"dias_transcurridos" integer DEFAULT 0 NOT NULL,
	"dias_programados" integer DEFAULT 0 NOT NULL,
	"pasos" integer DEFAULT 0 NOT NULL,
	"repasos" integer DEFAULT 0 NOT NULL,
	"olvidos" integer DEFAULT 0 NOT NULL,
	"ultimo_repaso" timestamp with time zone,
	"vista_en" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repaso" (
	"id_repaso" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_palabra" integer NOT NULL,
	"calificacion" integer NOT NULL,
	"fuente" text NOT NULL,
	"clave" text NOT NULL,
	"estado_antes" integer NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memoria" ADD CONSTRAINT "memoria_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memoria" ADD CONSTRAINT "memoria_id_palabra_palabra_id_palabra_fk" FOREIGN KEY ("id_palabra") REFERENCES "public"."palabra"("id_palabra") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repaso" ADD CONSTRAINT "repaso_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repaso" ADD CONSTRAINT "repaso_id_palabra_palabra_id_palabra_fk" FOREIGN KEY ("id_palabra") REFERENCES "public"."palabra"("id_palabra") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memoria_usuario_palabra_uq" ON "memoria" USING btree ("id_usuario","id_palabra");--> statement-breakpoint
CREATE INDEX "memoria_usuario_vence_idx" ON "memoria" USING btree ("id_usuario","vence");--> statement-breakpoint
CREATE INDEX "memoria_id_palabra_idx" ON "memoria" USING btree ("id_palabra");--> statement-breakpoint
CREATE UNIQUE INDEX "repaso_usuario_clave_uq" ON "repaso" USING btree ("id_usuario","clave");--> statement-breakpoint
CREATE INDEX "repaso_usuario_fecha_idx" ON "repaso" USING btree ("id_usuario","fecha");--> statement-breakpoint
CREATE INDEX "repaso_id_palabra_idx" ON "repaso" USING btree ("id_palabra");