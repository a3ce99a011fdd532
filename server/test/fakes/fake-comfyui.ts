import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { type WebSocket, WebSocketServer } from 'ws';
import { jpeg, listen, mp4Video, png, type RunningServer, readBody, sendJson, wait } from './media.js';

/**
 * A fake ComfyUI speaking its real protocol (research 3): `/object_info`, `POST /prompt` with the
 * 400 node_errors shape, `/queue`, `/interrupt`, `/history/{id}`, `/view`, `/system_stats`, and the
 * `/ws?clientId=` websocket that sends a prompt's execution events only to the client that queued it,
 * with binary preview frames (big-endian type 1, image type 1 = JPEG). Jobs run one at a time.
 * Magic prompt words: "[fail]" ends in execution_error, "[hold]" waits until interrupted.
 * Tools (issue 16): `POST /upload/image` (multipart: image, type, subfolder, overwrite) stores input
 * files that LoadImage/LoadImageMask name ("subfolder/name"; an unknown file fails validation as
 * ComfyUI's own check does), and the saved image has the size the graph gives it (padding, upscale
 * model ×4, ImageScale).
 */

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

interface Job {
  id: string;
  number: number;
  clientId: string;
  graph: Graph;
  interrupted: boolean;
}

export interface FakeComfyOptions {
  /** Checkpoint files the server has (default the built-in workflow's). */
  checkpoints?: string[];
  /** Delay between sampler steps (default 20 ms). */
  stepMs?: number;
  /** Behave like older builds that ignore a client-chosen prompt_id. */
  ignorePromptId?: boolean;
  /** Upscale model files (default RealESRGAN_x4plus.pth). */
  upscaleModels?: string[];
}

/** Node classes of the tool workflows (inputs as /object_info lists them). */
const TOOL_NODES = {
  VAEEncode: { input: { required: { pixels: ['IMAGE'], vae: ['VAE'] } } },
  VAEEncodeForInpaint: {
    input: { required: { pixels: ['IMAGE'], vae: ['VAE'], mask: ['MASK'], grow_mask_by: ['INT', {}] } },
  },
  ImagePadForOutpaint: {
    input: {
      required: {
        image: ['IMAGE'],
        left: ['INT', {}],
        top: ['INT', {}],
        right: ['INT', {}],
        bottom: ['INT', {}],
        feathering: ['INT', {}],
      },
    },
  },
  ImageUpscaleWithModel: { input: { required: { upscale_model: ['UPSCALE_MODEL'], image: ['IMAGE'] } } },
  ImageScale: {
    input: {
      required: {
        image: ['IMAGE'],
        upscale_method: [['nearest-exact', 'bilinear', 'area', 'bicubic', 'lanczos']],
        width: ['INT', {}],
        height: ['INT', {}],
        crop: [['disabled', 'center']],
      },
    },
  },
};

const IMAGE_NODES = {
  CLIPTextEncode: { input: { required: { text: ['STRING', { multiline: true }], clip: ['CLIP'] } } },
  EmptyLatentImage: {
    input: { required: { width: ['INT', {}], height: ['INT', {}], batch_size: ['INT', {}] } },
  },
  KSampler: {
    input: {
      required: {
        model: ['MODEL'],
        seed: ['INT', {}],
        steps: ['INT', {}],
        cfg: ['FLOAT', {}],
        sampler_name: [['euler', 'uni_pc', 'dpmpp_2m']],
        scheduler: [['normal', 'simple', 'karras']],
        positive: ['CONDITIONING'],
        negative: ['CONDITIONING'],
        latent_image: ['LATENT'],
        denoise: ['FLOAT', {}],
      },
    },
  },
  VAEDecode: { input: { required: { samples: ['LATENT'], vae: ['VAE'] } } },
  SaveImage: { input: { required: { images: ['IMAGE'], filename_prefix: ['STRING', {}] } } },
  UNETLoader: {
    input: {
      required: {
        unet_name: [['wan2.1_t2v_1.3B_fp16.safetensors']],
        weight_dtype: [['default', 'fp8_e4m3fn']],
      },
    },
  },
  // Newer builds describe combos as ["COMBO", {options}].
  CLIPLoader: {
    input: {
      required: {
        clip_name: ['COMBO', { options: ['umt5_xxl_fp8_e4m3fn_scaled.safetensors'] }],
        type: ['COMBO', { options: ['stable_diffusion', 'wan'] }],
      },
    },
  },
  VAELoader: { input: { required: { vae_name: [['wan_2.1_vae.safetensors']] } } },
  ModelSamplingSD3: { input: { required: { model: ['MODEL'], shift: ['FLOAT', {}] } } },
  EmptyHunyuanLatentVideo: {
    input: {
      required: { width: ['INT', {}], height: ['INT', {}], length: ['INT', {}], batch_size: ['INT', {}] },
    },
  },
  CreateVideo: { input: { required: { images: ['IMAGE'], fps: ['FLOAT', {}] } } },
  SaveVideo: {
    input: {
      required: {
        video: ['VIDEO'],
        filename_prefix: ['STRING', {}],
        format: [['auto', 'mp4']],
        codec: [['auto', 'h264']],
      },
    },
  },
};

/** Nodes in an order that runs every input first, as ComfyUI executes a graph. */
function executionOrder(graph: Graph): [string, Graph[string]][] {
  const order: [string, Graph[string]][] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    const node = graph[id];
    if (!node || seen.has(id)) return;
    seen.add(id);
    for (const value of Object.values(node.inputs)) {
      if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'number')
        visit(value[0]);
    }
    order.push([id, node]);
  };
  for (const id of Object.keys(graph)) visit(id);
  return order;
}

export interface FakeComfy extends RunningServer {
  prompts: Job[];
  /** Files uploaded with /upload/image ("subfolder/name"). */
  uploads: { name: string; type: string }[];
  interrupts: unknown[];
  deletes: unknown[];
  /** Messages sent to sockets of other client ids (must stay empty of other prompts' events). */
  connections: () => number;
}

export async function startFakeComfy(options: FakeComfyOptions = {}): Promise<FakeComfy> {
  const checkpoints = options.checkpoints ?? ['v1-5-pruned-emaonly.safetensors'];
  const stepMs = options.stepMs ?? 20;
  const inputs: string[] = [];
  const objectInfo = {
    ...IMAGE_NODES,
    ...TOOL_NODES,
    CheckpointLoaderSimple: { input: { required: { ckpt_name: [checkpoints] } } },
    // The input folder's files, as the real server lists them when /object_info is read.
    LoadImage: { input: { required: { image: [inputs, { image_upload: true }] } } },
    LoadImageMask: {
      input: {
        required: { image: [inputs, { image_upload: true }], channel: [['alpha', 'red', 'green', 'blue']] },
      },
    },
    UpscaleModelLoader: {
      input: { required: { model_name: [options.upscaleModels ?? ['RealESRGAN_x4plus.pth']] } },
    },
  } as Record<string, { input: { required: Record<string, unknown[]> } }>;
  const sockets = new Map<string, Set<WebSocket>>();
  const history = new Map<string, unknown>();
  const files = new Map<string, Buffer>();
  const pending: Job[] = [];
  let running: Job | null = null;
  let counter = 0;
  const prompts: Job[] = [];
  const interrupts: unknown[] = [];
  const deletes: unknown[] = [];
  const uploads: FakeComfy['uploads'] = [];
  let wake: (() => void) | null = null;

  const sendTo = (clientId: string, type: string, data: Record<string, unknown>) => {
    for (const socket of sockets.get(clientId) ?? []) socket.send(JSON.stringify({ type, data }));
  };
  const broadcast = (type: string, data: Record<string, unknown>) => {
    for (const set of sockets.values()) for (const socket of set) socket.send(JSON.stringify({ type, data }));
  };
  const status = () => ({ status: { exec_info: { queue_remaining: pending.length + (running ? 1 : 0) } } });

  function validate(graph: Graph) {
    const nodeErrors: Record<string, unknown> = {};
    for (const [id, node] of Object.entries(graph)) {
      const spec = objectInfo[node.class_type];
      const errors: unknown[] = [];
      if (!spec) {
        errors.push({ type: 'invalid_node', message: `Cannot find node ${node.class_type}`, details: '' });
      } else {
        for (const [name, value] of Object.entries(node.inputs)) {
          const inputSpec = spec.input.required[name];
          const [first, second] = inputSpec ?? [];
          if ((second as { image_upload?: boolean } | undefined)?.image_upload) {
            // LoadImage's own check: the file must be in the input folder.
            if (!files.has(`input/${String(value)}`)) {
              errors.push({
                type: 'custom_validation_failed',
                message: 'Custom validation failed for node',
                details: `image - Invalid image file: ${String(value)}`,
              });
            }
            continue;
          }
          const choices = Array.isArray(first)
            ? first
            : first === 'COMBO'
              ? (second as { options: unknown[] }).options
              : null;
          if (choices && !choices.includes(value)) {
            errors.push({
              type: 'value_not_in_list',
              message: 'Value not in list',
              details: `${name}: '${String(value)}' not in ${JSON.stringify(choices)}`,
              extra_info: { input_name: name, received_value: value },
            });
          }
        }
      }
      if (errors.length) nodeErrors[id] = { errors, dependent_outputs: [], class_type: node.class_type };
    }
    return nodeErrors;
  }

  /** The size of a node's image (or latent) output, following the graph back to its source. */
  async function sizeOf(graph: Graph, id: string): Promise<{ width: number; height: number }> {
    const node = graph[id];
    if (!node) return { width: 512, height: 512 };
    const link = (name: string) => (node.inputs[name] as [string, number])[0];
    switch (node.class_type) {
      case 'EmptyLatentImage':
      case 'ImageScale':
        return { width: Number(node.inputs.width), height: Number(node.inputs.height) };
      case 'LoadImage': {
        const meta = await sharp(files.get(`input/${String(node.inputs.image)}`)).metadata();
        return { width: meta.width ?? 0, height: meta.height ?? 0 };
      }
      case 'ImagePadForOutpaint': {
        const inner = await sizeOf(graph, link('image'));
        const n = (name: string) => Number(node.inputs[name]);
        return { width: inner.width + n('left') + n('right'), height: inner.height + n('top') + n('bottom') };
      }
      case 'ImageUpscaleWithModel': {
        const inner = await sizeOf(graph, link('image'));
        return { width: inner.width * 4, height: inner.height * 4 };
      }
      case 'VAEEncode':
      case 'VAEEncodeForInpaint': {
        // Latents are whole multiples of 8 pixels.
        const inner = await sizeOf(graph, link('pixels'));
        return { width: Math.floor(inner.width / 8) * 8, height: Math.floor(inner.height / 8) * 8 };
      }
      case 'KSampler':
        return sizeOf(graph, link('latent_image'));
      case 'VAEDecode':
        return sizeOf(graph, link('samples'));
      default:
        return { width: 512, height: 512 };
    }
  }

  async function upload(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': String(request.headers['content-type'] ?? '') },
    })
      .formData()
      .catch(() => null);
    const image = form?.get('image');
    if (!form || !image || typeof image === 'string') {
      response.writeHead(400).end();
      return;
    }
    const subfolder = String(form.get('subfolder') ?? '');
    let name = image.name;
    const key = (file: string) => `${subfolder ? `${subfolder}/` : ''}${file}`;
    if (form.get('overwrite') !== 'true') {
      for (let i = 1; files.has(`input/${key(name)}`); i += 1)
        name = image.name.replace(/(\.\w+)$/, ` (${i})$1`);
    }
    files.set(`input/${key(name)}`, Buffer.from(await image.arrayBuffer()));
    if (!inputs.includes(key(name))) inputs.push(key(name));
    uploads.push({ name: key(name), type: String(form.get('type') ?? 'input') });
    sendJson(response, 200, { name, subfolder, type: String(form.get('type') ?? 'input') });
  }

  async function execute(job: Job) {
    const send = (type: string, data: Record<string, unknown>) =>
      sendTo(job.clientId, type, { ...data, prompt_id: job.id });
    send('execution_start', { timestamp: Date.now() });
    send('execution_cached', { nodes: [], timestamp: Date.now() });
    const prompt = JSON.stringify(job.graph);
    const outputs: Record<string, unknown> = {};
    for (const [nodeId, node] of executionOrder(job.graph)) {
      if (job.interrupted) break;
      send('executing', { node: nodeId, display_node: nodeId });
      if (node.class_type === 'KSampler') {
        const steps = Number(node.inputs.steps);
        for (let step = 1; step <= steps; step += 1) {
          if (prompt.includes('[hold]')) {
            while (!job.interrupted) await wait(10);
          }
          if (job.interrupted) break;
          await wait(stepMs);
          send('progress', { value: step, max: steps, node: nodeId });
          const image = await jpeg();
          const header = Buffer.alloc(8);
          header.writeUInt32BE(1, 0);
          header.writeUInt32BE(1, 4);
          for (const socket of sockets.get(job.clientId) ?? []) socket.send(Buffer.concat([header, image]));
          if (prompt.includes('[fail]') && step === 2) {
            const data = {
              node_id: nodeId,
              node_type: 'KSampler',
              executed: [],
              exception_message: 'Allocation on device failed',
              exception_type: 'torch.OutOfMemoryError',
              traceback: [],
            };
            send('execution_error', data);
            history.set(job.id, {
              prompt: [job.number, job.id, job.graph, {}, []],
              outputs: {},
              status: {
                status_str: 'error',
                completed: false,
                messages: [['execution_error', { ...data, prompt_id: job.id }]],
              },
            });
            send('executing', { node: null });
            return;
          }
        }
      }
      if (node.class_type === 'SaveImage') {
        const size = await sizeOf(job.graph, (node.inputs.images as [string, number])[0]);
        const filename = `kaleido_${String(++counter).padStart(5, '0')}_.png`;
        files.set(`output//${filename}`, await png(size.width, size.height));
        outputs[nodeId] = { images: [{ filename, subfolder: '', type: 'output' }] };
        send('executed', { node: nodeId, display_node: nodeId, output: outputs[nodeId] });
      }
      if (node.class_type === 'SaveVideo') {
        const latent = Object.values(job.graph).find((n) => n.class_type === 'EmptyHunyuanLatentVideo');
        const fps = Number(
          (Object.values(job.graph).find((n) => n.class_type === 'CreateVideo')?.inputs.fps as number) ?? 16,
        );
        const filename = `kaleido_${String(++counter).padStart(5, '0')}_.mp4`;
        const frames = Number(latent?.inputs.length);
        files.set(
          `output/video/${filename}`,
          await mp4Video(
            Number(latent?.inputs.width),
            Number(latent?.inputs.height),
            Math.round(((frames - 1) / fps) * 100) / 100,
          ),
        );
        // Core SaveVideo reports under "images" with animated: [true] (research 3.4).
        outputs[nodeId] = { images: [{ filename, subfolder: 'video', type: 'output' }], animated: [true] };
        send('executed', { node: nodeId, display_node: nodeId, output: outputs[nodeId] });
      }
    }
    if (job.interrupted) {
      broadcast('execution_interrupted', {
        prompt_id: job.id,
        node_id: '3',
        node_type: 'KSampler',
        executed: [],
      });
      history.set(job.id, {
        prompt: [job.number, job.id, job.graph, {}, []],
        outputs: {},
        status: {
          status_str: 'error',
          completed: false,
          messages: [['execution_interrupted', { prompt_id: job.id }]],
        },
      });
      return;
    }
    send('execution_success', { timestamp: Date.now() });
    history.set(job.id, {
      prompt: [job.number, job.id, job.graph, {}, Object.keys(outputs)],
      outputs,
      status: {
        status_str: 'success',
        completed: true,
        messages: [['execution_success', { prompt_id: job.id }]],
      },
    });
    send('executing', { node: null });
  }

  let closed = false;
  (async () => {
    while (!closed) {
      const job = pending.shift();
      if (!job) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
        continue;
      }
      running = job;
      broadcast('status', status());
      try {
        await execute(job);
      } finally {
        running = null;
        broadcast('status', status());
      }
    }
  })();

  const server = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    if (request.method === 'GET' && path === '/object_info') return sendJson(response, 200, objectInfo);
    if (request.method === 'GET' && path === '/system_stats') {
      return sendJson(response, 200, { system: { comfyui_version: '0.3.60' }, devices: [] });
    }
    if (request.method === 'GET' && path === '/prompt') return sendJson(response, 200, status());
    if (request.method === 'POST' && path === '/upload/image') return upload(request, response);
    if (request.method === 'POST' && path === '/prompt') {
      const body = JSON.parse(await readBody(request)) as {
        prompt?: Graph;
        client_id?: string;
        prompt_id?: string;
      };
      if (!body.prompt) {
        return sendJson(response, 400, {
          error: {
            type: 'no_prompt',
            message: 'No prompt provided',
            details: 'No prompt provided',
            extra_info: {},
          },
          node_errors: {},
        });
      }
      const nodeErrors = validate(body.prompt);
      if (Object.keys(nodeErrors).length) {
        return sendJson(response, 400, {
          error: {
            type: 'prompt_outputs_failed_validation',
            message: 'Prompt outputs failed validation',
            details: '',
            extra_info: {},
          },
          node_errors: nodeErrors,
        });
      }
      const id = !options.ignorePromptId && body.prompt_id ? body.prompt_id : randomUUID();
      const job: Job = {
        id,
        number: prompts.length,
        clientId: body.client_id ?? '',
        graph: body.prompt,
        interrupted: false,
      };
      prompts.push(job);
      pending.push(job);
      wake?.();
      broadcast('status', status());
      return sendJson(response, 200, { prompt_id: id, number: job.number, node_errors: {} });
    }
    if (request.method === 'GET' && path === '/queue') {
      const row = (job: Job) => [job.number, job.id, job.graph, { client_id: job.clientId }, []];
      return sendJson(response, 200, {
        queue_running: running ? [row(running)] : [],
        queue_pending: pending.map(row),
      });
    }
    if (request.method === 'POST' && path === '/queue') {
      const body = JSON.parse((await readBody(request)) || '{}') as { delete?: string[] };
      deletes.push(body);
      for (const id of body.delete ?? []) {
        const index = pending.findIndex((job) => job.id === id);
        if (index >= 0) pending.splice(index, 1);
      }
      response.writeHead(200).end();
      return;
    }
    if (request.method === 'POST' && path === '/interrupt') {
      const body = JSON.parse((await readBody(request)) || '{}') as { prompt_id?: string };
      interrupts.push(body);
      if (running && (!body.prompt_id || body.prompt_id === running.id)) running.interrupted = true;
      response.writeHead(200).end();
      return;
    }
    const historyMatch = /^\/history\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && historyMatch) {
      const id = decodeURIComponent(historyMatch[1] as string);
      const entry = history.get(id);
      return sendJson(response, 200, entry ? { [id]: entry } : {});
    }
    if (request.method === 'GET' && path === '/view') {
      const key = `${url.searchParams.get('type')}/${url.searchParams.get('subfolder') ?? ''}/${url.searchParams.get('filename')}`;
      const file = files.get(key);
      if (!file) return sendJson(response, 404, {});
      response.writeHead(200, {
        'Content-Type': key.endsWith('.mp4') ? 'video/mp4' : 'image/png',
        'Content-Length': String(file.length),
      });
      response.end(file);
      return;
    }
    sendJson(response, 404, { error: 'not found' });
  });

  const wss = new WebSocketServer({ noServer: true });
  server.server.on('upgrade', (request: IncomingMessage, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname !== '/ws') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const clientId = url.searchParams.get('clientId') ?? randomUUID();
      const set = sockets.get(clientId) ?? new Set();
      set.add(ws);
      sockets.set(clientId, set);
      ws.on('close', () => set.delete(ws));
      ws.send(JSON.stringify({ type: 'status', data: { ...status(), sid: clientId } }));
    });
  });

  return {
    ...server,
    prompts,
    uploads,
    interrupts,
    deletes,
    connections: () => [...sockets.values()].reduce((sum, set) => sum + set.size, 0),
    async close() {
      closed = true;
      for (const job of [running, ...pending]) if (job) job.interrupted = true;
      for (const client of wss.clients) client.terminate();
      wss.close();
      await server.close();
    },
  };
}
