-- Teacher results and admin lists at a school's scale (docs/performance.md): indexes for the
-- orders the lists ask for, and intento_conteo, the attempts counted per level and week.
CREATE TABLE "intento_conteo" (
	"id_nivel" integer NOT NULL,
	"semana" integer NOT NULL,
	"parte" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "intento_conteo_id_nivel_semana_parte_pk" PRIMARY KEY("id_nivel","semana","parte")
);
--> statement-breakpoint
DROP INDEX "intento_id_nivel_idx";--> statement-breakpoint
DROP INDEX "intento_fecha_idx";--> statement-breakpoint
CREATE INDEX "intento_fecha_id_idx" ON "intento" USING btree ("fecha","id_intento");--> statement-breakpoint
CREATE INDEX "intento_nivel_fecha_id_idx" ON "intento" USING btree ("id_nivel","fecha","id_intento");--> statement-breakpoint
CREATE INDEX "intento_nivel_puntaje_id_idx" ON "intento" USING btree ("id_nivel","puntaje","id_intento");--> statement-breakpoint
CREATE INDEX "usuario_nombre_id_idx" ON "usuario" USING btree ("nombre","id");--> statement-breakpoint
-- intento_conteo is kept exact by statement triggers on intento (one upsert per statement, grouped,
-- whatever the number of rows: a submit, a restore, a cascade from a deleted account). A row's
-- week: floor(epoch(fecha) / 604800), UTC; its part: id_usuario % 8 (spreads a classroom's
-- simultaneous submits over several rows, so they do not queue on one row lock in PostgreSQL).
CREATE FUNCTION manitas_intento_conteo_sumar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO intento_conteo AS c (id_nivel, semana, parte, n)
	SELECT id_nivel, floor(extract(epoch FROM fecha) / 604800)::integer, id_usuario % 8, count(*)::integer
	FROM nuevas GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT (id_nivel, semana, parte) DO UPDATE SET n = c.n + excluded.n;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION manitas_intento_conteo_restar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE intento_conteo AS c SET n = c.n - v.n
	FROM (SELECT id_nivel, floor(extract(epoch FROM fecha) / 604800)::integer AS semana, id_usuario % 8 AS parte, count(*)::integer AS n
		FROM viejas GROUP BY 1, 2, 3) AS v
	WHERE c.id_nivel = v.id_nivel AND c.semana = v.semana AND c.parte = v.parte;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION manitas_intento_conteo_cambiar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE intento_conteo AS c SET n = c.n - v.n
	FROM (SELECT id_nivel, floor(extract(epoch FROM fecha) / 604800)::integer AS semana, id_usuario % 8 AS parte, count(*)::integer AS n
		FROM viejas GROUP BY 1, 2, 3) AS v
	WHERE c.id_nivel = v.id_nivel AND c.semana = v.semana AND c.parte = v.parte;
	INSERT INTO intento_conteo AS c (id_nivel, semana, parte, n)
	SELECT id_nivel, floor(extract(epoch FROM fecha) / 604800)::integer, id_usuario % 8, count(*)::integer
	FROM nuevas GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT (id_nivel, semana, parte) DO UPDATE SET n = c.n + excluded.n;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION manitas_intento_conteo_vaciar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM intento_conteo;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER intento_conteo_insert AFTER INSERT ON intento REFERENCING NEW TABLE AS nuevas
	FOR EACH STATEMENT EXECUTE FUNCTION manitas_intento_conteo_sumar();
--> statement-breakpoint
CREATE TRIGGER intento_conteo_delete AFTER DELETE ON intento REFERENCING OLD TABLE AS viejas
	FOR EACH STATEMENT EXECUTE FUNCTION manitas_intento_conteo_restar();
--> statement-breakpoint
CREATE TRIGGER intento_conteo_update AFTER UPDATE ON intento REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
	FOR EACH STATEMENT EXECUTE FUNCTION manitas_intento_conteo_cambiar();
--> statement-breakpoint
CREATE TRIGGER intento_conteo_truncate AFTER TRUNCATE ON intento
	FOR EACH STATEMENT EXECUTE FUNCTION manitas_intento_conteo_vaciar();
--> statement-breakpoint
INSERT INTO intento_conteo (id_nivel, semana, parte, n)
SELECT id_nivel, floor(extract(epoch FROM fecha) / 604800)::integer, id_usuario % 8, count(*)::integer
FROM intento GROUP BY 1, 2, 3;
