CREATE TABLE "sesion_revocada" (
	"sid" text PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"expira" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "progreso" ADD COLUMN "intentos_extra" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sesion_revocada" ADD CONSTRAINT "sesion_revocada_id_usuario_usuario_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sesion_revocada_expira_idx" ON "sesion_revocada" USING btree ("expira");--> statement-breakpoint
-- The quiz's attempt limit on the server (the spec: one attempt plus at most 2 retries per level;
-- a teacher may grant more, progreso.intentos_extra). The limit is checked and the attempt stored in
-- the same statement, under a lock on (child, level), so two submits at once cannot both pass it.
-- progreso.reintentos stays "retries used" as the spec's level menu reads it: attempts - 1 - granted.
DROP FUNCTION manitas_guardar_intento(integer, integer, integer, integer, integer, numeric, boolean, text, text);
--> statement-breakpoint
CREATE FUNCTION manitas_guardar_intento(
	p_usuario integer, p_nivel integer, p_evaluacion integer, p_correctas integer, p_total integer,
	p_puntaje numeric, p_aprobado boolean, p_estado text, p_filas text, p_max_reintentos integer
) RETURNS SETOF intento LANGUAGE plpgsql AS $$
DECLARE
	att intento;
	previos integer;
	extra integer;
BEGIN
	PERFORM pg_advisory_xact_lock(p_usuario, p_nivel);
	SELECT (count(*) FILTER (WHERE i.id_nivel = p_nivel))::integer INTO previos FROM intento i WHERE i.id_usuario = p_usuario;
	SELECT coalesce(max(pr.intentos_extra), 0) INTO extra FROM progreso pr WHERE pr.id_usuario = p_usuario AND pr.id_nivel = p_nivel;
	IF previos >= 1 + p_max_reintentos + extra THEN
		RAISE EXCEPTION 'manitas: sin intentos' USING ERRCODE = 'MNX01';
	END IF;
	INSERT INTO intento (id_usuario, id_nivel, id_evaluacion, correctas, total_preguntas, puntaje)
	VALUES (p_usuario, p_nivel, p_evaluacion, p_correctas, p_total, p_puntaje)
	RETURNING * INTO att;
	INSERT INTO resultado (id_intento, id_pregunta, id_usuario, id_nivel, id_respuesta, respuesta, correcta, valor, fecha)
	SELECT att.id_intento, (f.v->>'p')::integer, p_usuario, p_nivel, (f.v->>'r')::integer, f.v->>'t',
		(f.v->>'c')::boolean, CASE WHEN (f.v->>'c')::boolean THEN 1 ELSE 0 END, att.fecha
	FROM jsonb_array_elements(p_filas::jsonb) WITH ORDINALITY AS f(v, n)
	ORDER BY f.n;
	INSERT INTO progreso AS pr (id_usuario, id_nivel, estado, reintentos)
	VALUES (p_usuario, p_nivel, p_estado, greatest(0, previos - extra))
	ON CONFLICT (id_usuario, id_nivel) DO UPDATE SET
		reintentos = excluded.reintentos,
		-- A pass completes the level; a later lower score does not take that back.
		estado = CASE WHEN p_aprobado THEN excluded.estado ELSE pr.estado END,
		actualizado = now();
	RETURN NEXT att;
END
$$;
