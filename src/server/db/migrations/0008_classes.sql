CREATE TABLE "clase" (
	"id_clase" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"id_institucion" integer NOT NULL,
	"codigo" varchar(6) NOT NULL,
	"activa" boolean DEFAULT true NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"ultimo_fallo" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clase_alumno" (
	"id_clase" integer NOT NULL,
	"id_usuario" integer NOT NULL,
	"agregado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clase_alumno_id_clase_id_usuario_pk" PRIMARY KEY("id_clase","id_usuario")
);
--> statement-breakpoint
CREATE TABLE "clase_profesor" (
	"id_clase" integer NOT NULL,
	"id_usuario" integer NOT NULL,
	CONSTRAINT "clase_profesor_id_clase_id_usuario_pk" PRIMARY KEY("id_clase","id_usuario")
);
--> statement-breakpoint
CREATE TABLE "tarea" (
	"id_clase" integer NOT NULL,
	"id_nivel" integer NOT NULL,
	"fecha" date,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tarea_id_clase_id_nivel_pk" PRIMARY KEY("id_clase","id_nivel")
);
--> statement-breakpoint
ALTER TABLE "usuario" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "clave_imagenes_hash" text;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "clave_imagenes_cifrada" text;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "clave_fallos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "clave_ultimo_fallo" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clase" ADD CONSTRAINT "clase_id_institucion_institucion_id_institucion_fk" FOREIGN KEY ("id_institucion") REFERENCES "public"."institucion"("id_institucion") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clase_alumno" ADD CONSTRAINT "clase_alumno_id_clase_clase_id_clase_fk" FOREIGN KEY ("id_clase") REFERENCES "public"."clase"("id_clase") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clase_alumno" ADD CONSTRAINT "clase_alumno_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clase_profesor" ADD CONSTRAINT "clase_profesor_id_clase_clase_id_clase_fk" FOREIGN KEY ("id_clase") REFERENCES "public"."clase"("id_clase") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clase_profesor" ADD CONSTRAINT "clase_profesor_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarea" ADD CONSTRAINT "tarea_id_clase_clase_id_clase_fk" FOREIGN KEY ("id_clase") REFERENCES "public"."clase"("id_clase") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarea" ADD CONSTRAINT "tarea_id_nivel_nivel_id_nivel_fk" FOREIGN KEY ("id_nivel") REFERENCES "public"."nivel"("id_nivel") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clase_codigo_uq" ON "clase" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "clase_id_institucion_idx" ON "clase" USING btree ("id_institucion");--> statement-breakpoint
CREATE INDEX "clase_alumno_id_usuario_idx" ON "clase_alumno" USING btree ("id_usuario");--> statement-breakpoint
CREATE INDEX "clase_profesor_id_usuario_idx" ON "clase_profesor" USING btree ("id_usuario");--> statement-breakpoint
CREATE INDEX "tarea_id_nivel_idx" ON "tarea" USING btree ("id_nivel");