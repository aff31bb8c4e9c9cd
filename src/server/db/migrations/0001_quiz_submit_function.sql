-- A quiz submit in ONE statement (docs/performance.md): the attempt, its graded answer rows (in
-- the key's order) and the level progress, with the retry count, written by one function call.
-- One statement is atomic on its own (no BEGIN/COMMIT round trips), and PGlite runs one query
-- instead of five. The grading is done by the server in JS (src/server/quiz/submit.ts); this only
-- stores it. It writes intento, resultado and progreso only: tables outside every cache scope
-- (src/server/cache.ts), which is why a `SELECT` of it may be read as a read by the cache.
-- p_estado: the progress state this attempt gives (completado when passed, else en progreso).
-- p_filas: a JSON array, one object per question in key order:
--   {"p": id_pregunta, "r": id_respuesta or null, "t": stored text or null, "c": correct}
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
		greatest(0, (SELECT count(*)::integer FROM intento i WHERE i.id_usuario = p_usuario AND i.id_nivel = p_nivel) - 1))
	ON CONFLICT (id_usuario, id_nivel) DO UPDATE SET
		reintentos = greatest(pr.reintentos, excluded.reintentos),
		-- A pass completes the level; a later lower score does not take that back.
		estado = CASE WHEN p_aprobado THEN excluded.estado ELSE pr.estado END,
		actualizado = now();
	RETURN NEXT att;
END
$$;
