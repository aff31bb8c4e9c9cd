CREATE TABLE "limite_intento" (
	"tipo" text NOT NULL,
	"cuenta" text NOT NULL,
	"dispositivo" text NOT NULL,
	"fallos" integer NOT NULL,
	"ultimo" timestamp with time zone NOT NULL,
	CONSTRAINT "limite_intento_tipo_cuenta_dispositivo_pk" PRIMARY KEY("tipo","cuenta","dispositivo")
);
--> statement-breakpoint
CREATE INDEX "limite_intento_ultimo_idx" ON "limite_intento" USING btree ("ultimo");--> statement-breakpoint
ALTER TABLE "clase" DROP COLUMN "fallos";--> statement-breakpoint
ALTER TABLE "clase" DROP COLUMN "ultimo_fallo";--> statement-breakpoint
ALTER TABLE "usuario" DROP COLUMN "clave_fallos";--> statement-breakpoint
ALTER TABLE "usuario" DROP COLUMN "clave_ultimo_fallo";