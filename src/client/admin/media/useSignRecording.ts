/**
 * What the recording dialog does, apart from how it looks: the camera (asked once per opening and
 * again on "Intentar de nuevo", released on close), the 3-2-1 countdown, the recorder (at most
 * MAX_RECORDING_MS), the preview that plays only the kept part, the trim and the upload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, upload } from '../../api/http';
import {
  CAMERA_CONSTRAINTS,
  CAMERA_MSG,
  COUNTDOWN_FROM,
  MAX_RECORDING_MS,
  VIDEO_BITS_PER_SECOND,
  cameraErrorMessage,
  canRecordHere,
  clampRange,
  durationTenths,
  isWholeClip,
  pickRecorderMime,
  rangeSeconds,
  recordingFile,
  recordingLength,
  uploadTarget,
} from './mediaRules';
import { clipDuration } from './clipDuration';
import { savedSignOf } from './buildTrack';
import type { RecordSignDialogProps } from './RecordSignDialog';

type Phase = 'camera' | 'ready' | 'countdown' | 'recording' | 'measuring' | 'review' | 'trimming' | 'uploading' | 'error';

interface Clip {
  blob: Blob;
  url: string;
  mime: string | null;
  ms: number;
}

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((t) => t.stop());
}

/**
 * "Grabar seña": the device's front camera, a 3-2-1 countdown, up to 6 s of video (MediaRecorder),
 * a preview in the sign player at 0,5× and 1×, trim, 'Repetir' or 'Guardar' (uploaded as tipo
 * video, descripcion gifSena). Mounted only while open; the camera is released when it closes.
 */

export function useSignRecording({ word, idPalabra, existing, onSaved }: Omit<RecordSignDialogProps, 'onClose'>) {
  const [phase, setPhase] = useState<Phase>('camera');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [count, setCount] = useState(COUNTDOWN_FROM);
  const [elapsed, setElapsed] = useState(0);
  const [clip, setClip] = useState<Clip | null>(null);
  const [range, setRange] = useState<[number, number]>([0, 1]);
  const [speed, setSpeed] = useState<0.5 | 1>(1);
  const [progress, setProgress] = useState(0);

  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const stopTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** "Parar" on the running recorder: it stops as soon as it holds a frame (startRecording). */
  const stopWhenFramedRef = useRef<(() => void) | null>(null);
  const clipRef = useRef<Clip | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const previewRef = useRef<HTMLDivElement | null>(null);
  const rangeRef = useRef(range);
  const holdRef = useRef(false);
  const resumeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const busy = phase === 'trimming' || phase === 'uploading';
  const total = clip ? durationTenths(clip.ms) : 1;

  useEffect(() => {
    rangeRef.current = range;
  }, [range]);

  const dropClip = useCallback(() => {
    if (clipRef.current) URL.revokeObjectURL(clipRef.current.url);
    clipRef.current = null;
    setClip(null);
  }, []);

  // The camera, asked once per opening (and again on "Intentar de nuevo"); released on close.
  useEffect(() => {
    let cancelled = false;
    if (!canRecordHere({ mediaDevices: navigator.mediaDevices, MediaRecorder: (window as { MediaRecorder?: unknown }).MediaRecorder })) {
      setError(CAMERA_MSG.unsupported);
      setPhase('error');
      return;
    }
    setError(null);
    setPhase('camera');
    navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS).then(
      (stream) => {
        if (cancelled) return stopStream(stream);
        streamRef.current = stream;
        setPhase('ready');
      },
      (err: unknown) => {
        if (cancelled) return;
        setError(cameraErrorMessage(err));
        setPhase('error');
      },
    );
    return () => {
      cancelled = true;
      const rec = recorderRef.current;
      recorderRef.current = null;
      stopWhenFramedRef.current = null;
      if (rec && rec.state !== 'inactive') {
        rec.ondataavailable = null;
        rec.onstop = null;
        rec.stop();
      }
      if (stopTimerRef.current) clearTimeout(stopTimerRef.current);
      stopStream(streamRef.current);
      streamRef.current = null;
    };
  }, [attempt]);

  // Everything else the dialog holds goes when it closes.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      if (resumeTimer.current) clearTimeout(resumeTimer.current);
      if (clipRef.current) URL.revokeObjectURL(clipRef.current.url);
    },
    [],
  );

  // The live camera in the <video>, mirrored like a selfie (the recording itself is not mirrored).
  const liveRef = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    const el = liveRef.current;
    if (el && streamRef.current && el.srcObject !== streamRef.current) {
      el.srcObject = streamRef.current;
      el.play().catch(() => {});
    }
  }, [phase]);

  // The longest-recording timer stays until the recorder has stopped: it also ends a wait for the
  // first frame.
  const stopRecording = useCallback(() => stopWhenFramedRef.current?.(), []);

  const startRecording = useCallback(() => {
    const stream = streamRef.current;
    if (!stream) return;
    const MR = window.MediaRecorder;
    const mime = pickRecorderMime(MR.isTypeSupported?.bind(MR));
    let rec: MediaRecorder;
    try {
      rec = new MR(stream, { ...(mime ? { mimeType: mime } : {}), videoBitsPerSecond: VIDEO_BITS_PER_SECOND });
    } catch (err) {
      setError(cameraErrorMessage(err));
      setPhase('error');
      return;
    }
    const chunks: Blob[] = [];
    const times = { called: performance.now(), stopped: Number.NaN };
    // The recorder hands over its first bytes once the camera's first frame has reached it; stopped
    // before that, it can hand over nothing at all (an empty recording). On a busy tablet that can
    // take longer than a quick "Parar", so a stop asked for before the first bytes waits for them
    // ("Preparando la vista previa…" meanwhile), never past MAX_RECORDING_MS.
    let stopWanted = false;
    const stopNowOrOnFirstBytes = () => {
      if (rec.state === 'inactive') return;
      if (chunks.length > 0) rec.stop();
      else {
        stopWanted = true;
        setPhase('measuring');
      }
    };
    stopWhenFramedRef.current = stopNowOrOnFirstBytes;
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
      if (stopWanted && chunks.length > 0 && rec.state !== 'inactive') rec.stop();
    };
    rec.onerror = (e) => {
      // For whoever opens the console (and a failing test's report): the message on screen does not
      // say what failed.
      const err = (e as Event & { error?: DOMException }).error;
      console.warn('La grabación falló', err?.name, err?.message);
      setError(CAMERA_MSG.recording);
      setPhase('error');
    };
    rec.onstop = () => {
      recorderRef.current = null;
      stopWhenFramedRef.current = null;
      if (stopTimerRef.current) clearTimeout(stopTimerRef.current);
      times.stopped = performance.now();
      const type = rec.mimeType || mime || 'video/webm';
      const blob = new Blob(chunks, { type });
      if (blob.size === 0) {
        console.warn('La grabación quedó vacía', Math.round(times.stopped - times.called), 'ms');
        setError(CAMERA_MSG.recording);
        setPhase('error');
        return;
      }
      setPhase('measuring');
      void clipDuration(blob).then((fileMs) => {
        if (recorderRef.current || streamRef.current === null) return; // closed or recording again
        // For whoever opens the console (and a failing test's report): the total is then the clock's.
        if (!Number.isFinite(fileMs)) console.warn('No se leyó la duración de la grabación; se usa la del reloj');
        const real = recordingLength(fileMs, times);
        const next = { blob, url: URL.createObjectURL(blob), mime: type, ms: real };
        clipRef.current = next;
        setClip(next);
        setRange([0, durationTenths(real)]);
        setPhase('review');
      });
    };
    recorderRef.current = rec;
    times.called = performance.now();
    rec.start(250);
    setElapsed(0);
    setPhase('recording');
    stopTimerRef.current = setTimeout(() => {
      if (rec.state !== 'inactive') rec.stop();
    }, MAX_RECORDING_MS);
  }, []);

  // 3-2-1, then record.
  useEffect(() => {
    if (phase !== 'countdown') return;
    if (count <= 0) {
      startRecording();
      return;
    }
    const t = setTimeout(() => setCount((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [phase, count, startRecording]);

  // The remaining-time bar while recording.
  useEffect(() => {
    if (phase !== 'recording') return;
    const t0 = performance.now();
    const id = setInterval(() => setElapsed(performance.now() - t0), 100);
    return () => clearInterval(id);
  }, [phase]);

  /**
   * The preview plays only the kept part. The sign player has no range of its own, so the range is
   * kept on the <video> it renders for a recording: back to the start at the end handle, and a
   * still of the handle being moved while it is dragged.
   */
  const previewVideo = () => previewRef.current?.querySelector('video') ?? null;
  useEffect(() => {
    if (phase !== 'review') return;
    let raf = 0;
    const tick = () => {
      const v = previewVideo();
      if (v && !holdRef.current && v.readyState >= 1) {
        const { start, end } = rangeSeconds(rangeRef.current);
        if (v.currentTime < start - 0.05 || v.currentTime >= end || v.ended) {
          v.currentTime = start;
          if (v.ended || v.paused) v.play().catch(() => {});
        }
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [phase]);

  const onRangeChange = (_e: Event, value: number | number[], thumb: number) => {
    if (!Array.isArray(value)) return;
    const next = clampRange([value[0]!, value[1]!], total, thumb === 0 ? 0 : 1);
    setRange(next);
    if (resumeTimer.current) clearTimeout(resumeTimer.current);
    holdRef.current = true;
    const v = previewVideo();
    if (v) {
      v.pause();
      const { start, end } = rangeSeconds(next);
      v.currentTime = thumb === 0 ? start : Math.max(start, end - 0.05);
    }
  };
  const onRangeCommitted = () => {
    if (resumeTimer.current) clearTimeout(resumeTimer.current);
    // The frame under the handle stays a moment, then the kept part plays again.
    resumeTimer.current = setTimeout(() => {
      holdRef.current = false;
      const v = previewVideo();
      if (v) {
        v.currentTime = rangeSeconds(rangeRef.current).start;
        v.play().catch(() => {});
      }
    }, 700);
  };

  const begin = () => {
    setError(null);
    setCount(COUNTDOWN_FROM);
    setPhase('countdown');
  };

  const again = () => {
    dropClip();
    setError(null);
    holdRef.current = false;
    setSpeed(1);
    setPhase('ready');
  };

  const save = async () => {
    const c = clipRef.current;
    if (!c) return;
    setError(null);
    let blob = c.blob;
    if (!isWholeClip(range, total)) {
      const { start, end } = rangeSeconds(range);
      setProgress(0);
      setPhase('trimming');
      const ac = new AbortController();
      abortRef.current = ac;
      try {
        // Loaded when a clip is cut, not with the back office: Mediabunny is a large part of its code.
        const { trimClip } = await import('./trimClip');
        blob = await trimClip(c.blob, start, end, { onProgress: setProgress, signal: ac.signal });
      } catch (err) {
        if (ac.signal.aborted) return;
        // For whoever opens the console: the message on screen does not say what failed.
        console.warn('No se pudo recortar el video', err);
        setError(CAMERA_MSG.trimming);
        setPhase('review');
        return;
      }
    }
    const file = recordingFile(blob.type || c.mime, word);
    const form = new FormData();
    form.append('tipo', 'video');
    form.append('descripcion', 'gifSena');
    form.append('id_palabra', String(idPalabra));
    form.append('file', new File([blob], file.name, { type: file.type }));
    const target = uploadTarget(existing);
    setProgress(0);
    setPhase('uploading');
    try {
      const reply = await upload(target.method, target.path, form, setProgress);
      onSaved(target.method === 'PUT' ? 'updated' : 'created', savedSignOf(reply));
    } catch (err) {
      const msg = err instanceof ApiError ? err.msg : String((err as Error)?.message ?? err);
      setError(`${target.method === 'PUT' ? 'Error al actualizar multimedia' : 'Error al registrar multimedia'}: ${msg}`);
      setPhase('review');
    }
  };

  return {
    again,
    begin,
    busy,
    clip,
    count,
    elapsed,
    error,
    liveRef,
    onRangeChange,
    onRangeCommitted,
    phase,
    previewRef,
    progress,
    range,
    save,
    setAttempt,
    setSpeed,
    speed,
    stopRecording,
    total,
  };
}
