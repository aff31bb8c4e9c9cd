import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { apiGet, ApiError } from '../../api/http';
// Types only: the declaration module carries zod, which this first screen must not download. The
// messages (CLASE_MSG) are the server's: every refusal below shows the reply's msg.
import type { ClaseEntradaWire } from '../../../shared/resources/clases';
import { isClassCode } from '../../../shared/rules/classes';
import { CodeStep } from './CodeStep';
import { NamesStep } from './NamesStep';
import { PicturesStep } from './PicturesStep';
import { CLASS_CODE_STORAGE, Sky, type Alumno } from './parts';

const readStoredCode = () => {
  try {
    const v = localStorage.getItem(CLASS_CODE_STORAGE);
    return v && isClassCode(v) ? v : null;
  } catch {
    return null;
  }
};

/**
 * /logIn/clase: a child who has no email logs in in three steps, with as few words as possible
 * (many are 6, deaf or hard of hearing, and barely read): the class code (remembered on the
 * tablet), their own name button, then their 3 pictures in order. The session is stored as the
 * email login stores it, and the child goes to /home.
 */
export default function ClassLogin() {
  const [codigo, setCodigo] = useState<string | null>(readStoredCode);
  const [clase, setClase] = useState<ClaseEntradaWire | null>(null);
  const [alumno, setAlumno] = useState<Alumno | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  // A remembered code: load its class (the code may have been changed or the class closed).
  useEffect(() => {
    if (!codigo || clase) return;
    let live = true;
    apiGet<{ data: ClaseEntradaWire }>(`clase/codigo/${codigo}`)
      .then((r) => live && setClase(r.data))
      .catch((err: ApiError) => {
        if (!live) return;
        if (err.status === 404 || err.status === 400) localStorage.removeItem(CLASS_CODE_STORAGE);
        setLoadError(err.msg);
        setCodigo(null);
      });
    return () => {
      live = false;
    };
  }, [codigo, clase]);

  const changeClass = () => {
    localStorage.removeItem(CLASS_CODE_STORAGE);
    setClase(null);
    setAlumno(null);
    setCodigo(null);
    setLoadError(null);
  };

  let body;
  if (!codigo) {
    body = (
      <CodeStep
        initialError={loadError}
        onFound={(code, c) => {
          localStorage.setItem(CLASS_CODE_STORAGE, code);
          setLoadError(null);
          setClase(c);
          setCodigo(code);
        }}
      />
    );
  } else if (!clase) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Cargando" />
      </Box>
    );
  } else if (!alumno) {
    body = <NamesStep clase={clase} onPick={setAlumno} onChangeClass={changeClass} />;
  } else {
    body = <PicturesStep codigo={codigo} alumno={alumno} onBack={() => setAlumno(null)} />;
  }
  return <Sky>{body}</Sky>;
}
