-- The time of a stored quiz attempt is read after the per-child-and-level lock (clock_timestamp),
-- not at the transaction's start (now()). With 20 submits at once on PostgreSQL, a pass that waited
-- for the lock behind a fail carried an earlier time than that fail, so by time the fail came after
-- the pass and became the "latest result" (docs/decisions.md "The quiz": practice after a pass).
-- Same function as 0014 otherwise.
DROP FUNCTION manitas_guardar_intento(integer, integer, integer, integer, integer, numeric, boolean, text, text, integer, timestamptz, text, numeric);
--> statement-breakpoint
CREATE FUNCTION manitas_guardar_intento(
	p_usuario integer, p_nivel integer, p_evaluacion integer, p_correctas integer, p_total integer,
	p_puntaje numeric, p_aprobado boolean, p_estado text, p_filas text, p_max_reintentos integer,
	p_fecha timestamptz, p_clave text, p_aprobado_desde numeric
) RETURNS TABLE (
	id_intento integer, id_nivel integer, correctas integer, total_preguntas integer, puntaje numeric,
	fecha timestamptz, intentos_previos integer, intentos_extra integer, repetido boolean, practica boolean
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	att intento;
	previos integer;
	extra integer;
	t timestamptz;
BEGIN
	PERFORM pg_advisory_xact_lock(p_usuario, p_nivel);
	-- The attempt's time is read after the lock, so attempts of one child and level are stored in
	-- time order: now() is the transaction's start, which a request that waited for the lock had
	-- read before the one that got there first.
	t := coalesce(p_fecha, clock_timestamp());
	-- After the lock: a racing send of the same key at this level has committed by now, and each
	-- statement of this (volatile) function reads a fresh snapshot, so it is seen here.
	IF p_clave IS NOT NULL THEN
		SELECT * INTO att FROM intento i WHERE i.id_usuario = p_usuario AND i.clave = p_clave;
	END IF;
	IF att.id_intento IS NULL THEN
		SELECT (count(*) FILTER (WHERE i.id_nivel = p_nivel))::integer INTO previos FROM intento i WHERE i.id_usuario = p_usuario;
		SELECT coalesce(max(pr.intentos_extra), 0) INTO extra FROM progreso pr WHERE pr.id_usuario = p_usuario AND pr.id_nivel = p_nivel;
		-- Passed before: practice. Before the limit, so a child who passed on the last attempt may still practise.
		-- "After" by the attempt's own time: a quiz taken offline before the pass and sent later is
		-- still a stored attempt (it sorts before the pass, so the pass stays the latest result).
		IF EXISTS (SELECT 1 FROM intento i WHERE i.id_usuario = p_usuario AND i.id_nivel = p_nivel
				AND i.puntaje >= p_aprobado_desde AND i.fecha <= t) THEN
			RETURN QUERY SELECT NULL::integer, p_nivel, p_correctas, p_total, p_puntaje, t, previos, extra, false, true;
			RETURN;
		END IF;
		IF previos >= 1 + p_max_reintentos + extra THEN
			RAISE EXCEPTION 'manitas: sin intentos' USING ERRCODE = 'MNX01';
		END IF;
		-- ON CONFLICT: the same key sent at the same moment for another level (another lock).
		INSERT INTO intento (id_usuario, id_nivel, id_evaluacion, correctas, total_preguntas, puntaje, fecha, clave)
		VALUES (p_usuario, p_nivel, p_evaluacion, p_correctas, p_total, p_puntaje, t, p_clave)
		ON CONFLICT (id_usuario, clave) DO NOTHING
		RETURNING * INTO att;
		IF FOUND THEN
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
			RETURN QUERY SELECT att.id_intento, att.id_nivel, att.correctas, att.total_preguntas, att.puntaje, att.fecha, previos, extra, false, false;
			RETURN;
		END IF;
		SELECT * INTO att FROM intento i WHERE i.id_usuario = p_usuario AND i.clave = p_clave;
	END IF;
	-- A replay: the stored attempt, as its first reply counted it.
	RETURN QUERY SELECT att.id_intento, att.id_nivel, att.correctas, att.total_preguntas, att.puntaje, att.fecha,
		(SELECT count(*)::integer FROM intento i WHERE i.id_usuario = p_usuario AND i.id_nivel = att.id_nivel AND i.id_intento < att.id_intento),
		coalesce((SELECT pr.intentos_extra FROM progreso pr WHERE pr.id_usuario = p_usuario AND pr.id_nivel = att.id_nivel), 0),
		true, false;
END
$$;
