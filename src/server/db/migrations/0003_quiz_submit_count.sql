-- The retry count of a quiz submit (migration 0001) counted the child's attempts at the level with
-- `WHERE id_usuario = … AND id_nivel = …`; without statistics (PGlite never gathers them) the planner
-- ANDs the two indexes' bitmaps, and the level's side reads every attempt of that level: a submit
-- grew slower with each one a classroom stored (~1.0 → 1.6 ms after 8,000 attempts at one level).
-- Now only the child's own attempts are read (index intento_usuario_fecha_idx) and those at this
-- level are counted: the same number, at a cost that does not grow with the school.
CREATE OR REPLACE FUNCTION manitas_guardar_intento(
	p_usuario integer, p_nivel integer, p_evaluacion integer, p_correctas integer, p_total integer,
	p_puntaje numeric, p_aprobado boolean, p_estado text, p_filas text
) RETURNS SETOF intento LANGUAGE plpgsql AS $$
DECLARE
	att intento;
BEGIN
	INSERT INTO intento (id_usuario, id_nivel, id_evaluacion, correctas, total_preguntas, puntaje)
	VALUES (p_usuario, p_nivel, p_evaluacion, p_correctas, p_total, p_puntaje)
	RETURNING * INTO att;
	INSERT INTO resultado (id_intento, id_pregunta, id_usuario, id_nivel, id_respuesta, respuesta, correcta, valor, fecha)
	SELECT att.id_intento, (f.v->>'p')::integer, p_usuario, p_nivel, (f.v->>'r')::integer, f.v->>'t',
		(f.v->>'c')::boolean, CASE WHEN (f.v->>'c')::boolean THEN 1 ELSE 0 END, att.fecha
	FROM jsonb_array_elements(p_filas::jsonb) WITH ORDINALITY AS f(v, n)
	ORDER BY f.n;
	-- Retries = this child's attempts at this level minus one (this attempt included).
	INSERT INTO progreso AS pr (id_usuario, id_nivel, estado, reintentos)
	VALUES (p_usuario, p_nivel, p_estado,
		greatest(0, (SELECT (count(*) FILTER (WHERE i.id_nivel = p_nivel))::integer FROM intento i WHERE i.id_usuario = p_usuario) - 1))
	ON CONFLICT (id_usuario, id_nivel) DO UPDATE SET
		reintentos = greatest(pr.reintentos, excluded.reintentos),
		-- A pass completes the level; a later lower score does not take that back.
		estado = CASE WHEN p_aprobado THEN excluded.estado ELSE pr.estado END,
		actualizado = now();
	RETURN NEXT att;
END
$$;
