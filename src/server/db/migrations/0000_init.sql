CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comentario" (
	"id_comentario" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"comentario" text NOT NULL,
	"calificacion" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contenido" (
	"id_contenido" serial PRIMARY KEY NOT NULL,
	"tipo_contenido" text NOT NULL,
	"id_nivel" integer NOT NULL,
	"id_palabra" integer,
	"descripcion" text,
	"url_archivo" text
);
--> statement-breakpoint
CREATE TABLE "dominio" (
	"id_dominio" serial PRIMARY KEY NOT NULL,
	"dominio" text NOT NULL,
	"id_institucion" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluacion" (
	"id_evaluacion" serial PRIMARY KEY NOT NULL,
	"id_nivel" integer NOT NULL,
	"puntaje" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institucion" (
	"id_institucion" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intento" (
	"id_intento" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_nivel" integer NOT NULL,
	"id_evaluacion" integer,
	"correctas" integer NOT NULL,
	"total_preguntas" integer NOT NULL,
	"puntaje" numeric(5, 2) NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "multimedia" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"descripcion" text NOT NULL,
	"url" text NOT NULL,
	"id_palabra" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nivel" (
	"id_nivel" serial PRIMARY KEY NOT NULL,
	"nombre_nivel" text NOT NULL,
	"descripcion" varchar(255) NOT NULL,
	"dificultad" text NOT NULL,
	"imagen" text
);
--> statement-breakpoint
CREATE TABLE "palabra" (
	"id_palabra" serial PRIMARY KEY NOT NULL,
	"palabra_espanol" text NOT NULL,
	"palabra_ingles" text NOT NULL,
	"id_nivel" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pregunta" (
	"id_pregunta" serial PRIMARY KEY NOT NULL,
	"pregunta" text DEFAULT '' NOT NULL,
	"tipo" text NOT NULL,
	"porcentaje" numeric(5, 2) DEFAULT 0 NOT NULL,
	"id_evaluacion" integer NOT NULL,
	"imagen" text
);
--> statement-breakpoint
CREATE TABLE "progreso" (
	"id_progreso" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_nivel" integer NOT NULL,
	"estado" text DEFAULT 'en progreso' NOT NULL,
	"palabras_vistas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reintentos" integer DEFAULT 0 NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "respuesta" (
	"id_respuesta" serial PRIMARY KEY NOT NULL,
	"respuesta" text DEFAULT '' NOT NULL,
	"valor" boolean DEFAULT false NOT NULL,
	"id_pregunta" integer NOT NULL,
	"imagen" text
);
--> statement-breakpoint
CREATE TABLE "resultado" (
	"id_resultado" serial PRIMARY KEY NOT NULL,
	"id_intento" integer,
	"id_pregunta" integer,
	"id_usuario" integer NOT NULL,
	"id_nivel" integer NOT NULL,
	"id_respuesta" integer,
	"respuesta" text,
	"correcta" boolean NOT NULL,
	"valor" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rol" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text,
	"id_usuario" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text DEFAULT '' NOT NULL,
	"fecha_nacimiento" date,
	"email" text NOT NULL,
	"password_hash" text,
	"credential" text,
	"phone" text,
	"sexo" text,
	"avatar" text,
	"photo" text,
	"status" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"google_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comentario" ADD CONSTRAINT "comentario_id_user_usuario_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contenido" ADD CONSTRAINT "contenido_id_nivel_nivel_id_nivel_fk" FOREIGN KEY ("id_nivel") REFERENCES "public"."nivel"("id_nivel") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contenido" ADD CONSTRAINT "contenido_id_palabra_palabra_id_palabra_fk" FOREIGN KEY ("id_palabra") REFERENCES "public"."palabra"("id_palabra") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dominio" ADD CONSTRAINT "dominio_id_institucion_institucion_id_institucion_fk" FOREIGN KEY ("id_institucion") REFERENCES "public"."institucion"("id_institucion") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluacion" ADD CONSTRAINT "evaluacion_id_nivel_nivel_id_nivel_fk" FOREIGN KEY ("id_nivel") REFERENCES "public"."nivel"("id_nivel") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intento" ADD CONSTRAINT "intento_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intento" ADD CONSTRAINT "intento_id_nivel_nivel_id_nivel_fk" FOREIGN KEY ("id_nivel") REFERENCES "public"."nivel"("id_nivel") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intento" ADD CONSTRAINT "intento_id_evaluacion_evaluacion_id_evaluacion_fk" FOREIGN KEY ("id_evaluacion") REFERENCES "public"."evaluacion"("id_evaluacion") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multimedia" ADD CONSTRAINT "multimedia_id_palabra_palabra_id_palabra_fk" FOREIGN KEY ("id_palabra") REFERENCES "public"."palabra"("id_palabra") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "palabra" ADD CONSTRAINT "palabra_id_nivel_nivel_id_nivel_fk" FOREIGN KEY ("id_nivel") REFERENCES "public"."nivel"("id_nivel") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregunta" ADD CONSTRAINT "pregunta_id_evaluacion_evaluacion_id_evaluacion_fk" FOREIGN KEY ("id_evaluacion") REFERENCES "public"."evaluacion"("id_evaluacion") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progreso" ADD CONSTRAINT "progreso_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progreso" ADD CONSTRAINT "progreso_id_nivel_nivel_id_nivel_fk" FOREIGN KEY ("id_nivel") REFERENCES "public"."nivel"("id_nivel") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuesta" ADD CONSTRAINT "respuesta_id_pregunta_pregunta_id_pregunta_fk" FOREIGN KEY ("id_pregunta") REFERENCES "public"."pregunta"("id_pregunta") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultado" ADD CONSTRAINT "resultado_id_intento_intento_id_intento_fk" FOREIGN KEY ("id_intento") REFERENCES "public"."intento"("id_intento") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultado" ADD CONSTRAINT "resultado_id_pregunta_pregunta_id_pregunta_fk" FOREIGN KEY ("id_pregunta") REFERENCES "public"."pregunta"("id_pregunta") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultado" ADD CONSTRAINT "resultado_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultado" ADD CONSTRAINT "resultado_id_nivel_nivel_id_nivel_fk" FOREIGN KEY ("id_nivel") REFERENCES "public"."nivel"("id_nivel") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultado" ADD CONSTRAINT "resultado_id_respuesta_respuesta_id_respuesta_fk" FOREIGN KEY ("id_respuesta") REFERENCES "public"."respuesta"("id_respuesta") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol" ADD CONSTRAINT "rol_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comentario_id_user_idx" ON "comentario" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "contenido_id_nivel_idx" ON "contenido" USING btree ("id_nivel");--> statement-breakpoint
CREATE INDEX "contenido_id_palabra_idx" ON "contenido" USING btree ("id_palabra");--> statement-breakpoint
CREATE INDEX "dominio_id_institucion_idx" ON "dominio" USING btree ("id_institucion");--> statement-breakpoint
CREATE INDEX "evaluacion_id_nivel_idx" ON "evaluacion" USING btree ("id_nivel");--> statement-breakpoint
CREATE INDEX "intento_usuario_fecha_idx" ON "intento" USING btree ("id_usuario","fecha");--> statement-breakpoint
CREATE INDEX "intento_id_nivel_idx" ON "intento" USING btree ("id_nivel");--> statement-breakpoint
CREATE INDEX "intento_fecha_idx" ON "intento" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "multimedia_id_palabra_idx" ON "multimedia" USING btree ("id_palabra");--> statement-breakpoint
CREATE INDEX "palabra_id_nivel_idx" ON "palabra" USING btree ("id_nivel");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_token_hash_uq" ON "password_reset" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_id_usuario_idx" ON "password_reset" USING btree ("id_usuario");--> statement-breakpoint
CREATE INDEX "pregunta_id_evaluacion_idx" ON "pregunta" USING btree ("id_evaluacion");--> statement-breakpoint
CREATE UNIQUE INDEX "progreso_usuario_nivel_uq" ON "progreso" USING btree ("id_usuario","id_nivel");--> statement-breakpoint
CREATE INDEX "progreso_id_nivel_idx" ON "progreso" USING btree ("id_nivel");--> statement-breakpoint
CREATE INDEX "respuesta_id_pregunta_idx" ON "respuesta" USING btree ("id_pregunta");--> statement-breakpoint
CREATE INDEX "resultado_id_intento_idx" ON "resultado" USING btree ("id_intento");--> statement-breakpoint
CREATE INDEX "resultado_id_usuario_idx" ON "resultado" USING btree ("id_usuario");--> statement-breakpoint
CREATE INDEX "resultado_id_pregunta_idx" ON "resultado" USING btree ("id_pregunta");--> statement-breakpoint
CREATE INDEX "resultado_id_nivel_idx" ON "resultado" USING btree ("id_nivel");--> statement-breakpoint
CREATE INDEX "rol_id_usuario_idx" ON "rol" USING btree ("id_usuario");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_email_lower_uq" ON "usuario" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_google_uid_uq" ON "usuario" USING btree ("google_uid");