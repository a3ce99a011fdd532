import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { Alert } from '../../ui/alert';
import { Spinner } from '../../ui/spinner';

/**
 * An interactive view of a GLB 3D object (issue 21): drag to turn, scroll or pinch to zoom, and a slow
 * turn of its own unless the person prefers reduced motion. three.js (with its glTF loader and orbit
 * controls) is imported on first use, so only the 3D page and the library's 3D detail load it; it
 * fetches the file from this origin and draws into a WebGL canvas (nothing the CSP refuses).
 */
export function ModelViewer({ url, label, className }: { url: string; label: string; className?: string }) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    setState('loading');
    (async () => {
      const [THREE, { GLTFLoader }, { OrbitControls }] = await Promise.all([
        import('three'),
        import('three/examples/jsm/loaders/GLTFLoader.js'),
        import('three/examples/jsm/controls/OrbitControls.js'),
      ]);
      const element = host.current;
      if (!element || disposed) return;
      const gltf = await new GLTFLoader().loadAsync(url);
      if (disposed) return;
      // preserveDrawingBuffer: the canvas can be read back (a screenshot, the end-to-end test).
      const renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true, preserveDrawingBuffer: true });
      renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
      const scene = new THREE.Scene();
      scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8f99, 2.2));
      const sun = new THREE.DirectionalLight(0xffffff, 2.4);
      sun.position.set(3, 6, 4);
      scene.add(sun);
      scene.add(gltf.scene);

      // Frame the object: its bounding sphere fills about two thirds of the view.
      const bounds = new THREE.Box3().setFromObject(gltf.scene);
      const centre = bounds.getCenter(new THREE.Vector3());
      const radius = Math.max(0.001, bounds.getSize(new THREE.Vector3()).length() / 2);
      const camera = new THREE.PerspectiveCamera(40, 1, radius / 100, radius * 100);
      const distance = radius / Math.sin(THREE.MathUtils.degToRad(20)) / 0.75;
      camera.position
        .copy(centre)
        .add(new THREE.Vector3(0.55, 0.45, 0.7).normalize().multiplyScalar(distance));
      const controls = new OrbitControls(camera, renderer.domElement);
      controls.target.copy(centre);
      controls.enableDamping = true;
      controls.minDistance = radius * 1.1;
      controls.maxDistance = distance * 4;
      controls.autoRotate = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      controls.autoRotateSpeed = 1.5;
      controls.update();

      const resize = () => {
        const width = Math.max(1, element.clientWidth);
        const height = Math.max(1, element.clientHeight);
        renderer.setSize(width, height, false);
        camera.aspect = width / height;
        camera.updateProjectionMatrix();
      };
      resize();
      const observer = new ResizeObserver(resize);
      observer.observe(element);
      renderer.domElement.className = 'block size-full touch-none';
      element.appendChild(renderer.domElement);
      renderer.setAnimationLoop(() => {
        controls.update();
        renderer.render(scene, camera);
      });
      setState('ready');
      cleanup = () => {
        renderer.setAnimationLoop(null);
        observer.disconnect();
        controls.dispose();
        renderer.dispose();
        renderer.domElement.remove();
      };
    })().catch(() => {
      if (!disposed) setState('failed');
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [url]);

  return (
    <div className={cn('relative overflow-hidden rounded-2xl bg-surface-2', className)}>
      <div ref={host} role="img" aria-label={label} className="size-full" data-state={state} />
      {state === 'loading' ? (
        <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-fg-muted">
          <Spinner />
          {t('threeD.viewer.loading')}
        </div>
      ) : state === 'failed' ? (
        <div className="absolute inset-0 flex items-center justify-center p-4">
          <Alert>{t('threeD.viewer.failed')}</Alert>
        </div>
      ) : null}
    </div>
  );
}
