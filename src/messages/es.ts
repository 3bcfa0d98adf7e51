import type { ServerCatalog } from './en.js';

// Las palabras del servidor en español, clave por clave las de en.ts.

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The rules' own messages (`x-pattern-message`, written in English beside the schemas). */
const PATTERNS: Readonly<Record<string, string>> = {
  'must be well-formed Unicode (no lone surrogates)': 'debe ser Unicode bien formado (sin sustitutos sueltos)',
  'must not contain control characters (newline is allowed)': 'no debe contener caracteres de control (se permite el salto de línea)',
  'must not contain bidirectional override or isolate characters': 'no debe contener caracteres que cambien la dirección del texto',
  'must contain visible characters': 'debe contener caracteres visibles',
  'must be one line (no line breaks)': 'debe ser una sola línea (sin saltos de línea)',
  'may contain only letters, digits, underscore and dash': 'solo puede contener letras, dígitos, guion bajo y guion',
  'must be a message id such as 1767225600000-0 (the `next` of the previous page)': 'debe ser un id de mensaje como 1767225600000-0 (el `next` de la página anterior)',
  'must be an audit id such as 1767225600000-0 (the `next` of the previous page)': 'debe ser un id de registro como 1767225600000-0 (el `next` de la página anterior)',
  'must be a date, YYYY-MM-DD': 'debe ser una fecha, AAAA-MM-DD',
  'must be a three-letter ISO 4217 code, e.g. USD': 'debe ser un código ISO 4217 de tres letras, p. ej. USD',
  'may contain only lower-case letters, digits and underscore (e.g. song_rating, app_feedback, bug_report)':
    'solo puede contener minúsculas, dígitos y guion bajo (p. ej. song_rating, app_feedback, bug_report)',
  'must be Unix seconds, Unix milliseconds or an ISO-8601 time': 'debe ser segundos Unix, milisegundos Unix o una hora ISO-8601',
  'must be an IPv4 or IPv6 address': 'debe ser una dirección IPv4 o IPv6',
  'give a nickname, an ip, or both': 'indica un apodo, una ip o ambos',
  'must be YYYY-MM-DDTHH:MM:SS with Z or an offset, years 1970 to 9998, e.g. 2026-06-14T23:30:00-05:00':
    'debe ser AAAA-MM-DDTHH:MM:SS con Z o un desfase, años 1970 a 9998, p. ej. 2026-06-14T23:30:00-05:00',
};

const es: ServerCatalog = {
  language: 'es',
  anonymous: 'Anónimo',
  wait: (seconds: number) => {
    const s = Math.max(1, Math.ceil(seconds));
    return s >= 90 ? plural(Math.ceil(s / 60), 'minuto', 'minutos') : plural(s, 'segundo', 'segundos');
  },
  bodyAtMost: (bytes) => `El cuerpo puede tener como máximo ${bytes} bytes.`,
  budgetSpent: (budget: string, wait: string) => `Este cliente agotó su cupo «${budget}»; inténtalo de nuevo en ${wait}.`,
  programmeChanged: (editor, revision) => `${editor} guardó la programación (revisión ${revision}) después de que la leyeras; vuelve a cargarla y repite tu cambio.`,
  codes: {
    VALIDATION_FAILED: 'La solicitud no cumple una o más reglas.',
    INVALID_JSON: 'El cuerpo debe ser un objeto JSON.',
    UNAUTHORIZED: 'Se necesita una clave de administración válida.',
    FORBIDDEN: 'Tu función en el equipo no permite hacer esto.',
    NOT_FOUND: 'No existe ese punto de acceso.',
    METHOD_NOT_ALLOWED: 'Este punto de acceso no acepta ese método.',
    IDEMPOTENCY_CONFLICT: 'Esta Idempotency-Key ya se usó con otro cuerpo.',
    RECENTLY_PLAYED: 'Esa canción sonó hace poco.',
    PRECONDITION_FAILED: 'Otra persona lo cambió después de que lo leyeras; vuelve a leerlo.',
    PAYLOAD_TOO_LARGE: 'El cuerpo es demasiado grande.',
    UNSUPPORTED_MEDIA_TYPE: 'El cuerpo debe enviarse como application/json.',
    CONTENT_REJECTED: 'El contenido fue rechazado.',
    RATE_LIMITED: 'Demasiadas solicitudes; inténtalo más tarde.',
    INTERNAL: 'Algo falló de nuestro lado.',
    UNAVAILABLE: 'Un servicio del que dependemos no está disponible; inténtalo en un momento.',
  },
  reasons: {
    hourly_budget: (wait) => `Tu red (todos en tu dirección) ya usó las solicitudes de esta hora; inténtalo de nuevo en ${wait}.`,
    request_delay: (wait) => `Se acaba de pedir una canción desde tu red (tú u otra persona en tu dirección); podrás pedir otra en ${wait}.`,
    chat_budget: (wait) => `Estás enviando mensajes demasiado rápido; inténtalo de nuevo en ${wait}.`,
    live_connections: (wait) => `Hay demasiadas conexiones en vivo desde este dispositivo; inténtalo de nuevo en ${wait}.`,
    stream_opens: (wait) => `Este dispositivo abre transmisiones en vivo con demasiada frecuencia; inténtalo de nuevo en ${wait}.`,
    admin_keys: (wait) => `Demasiadas claves de administración incorrectas desde este cliente: inténtalo de nuevo en ${wait} (hasta entonces, también con la clave correcta).`,
    payment_webhook: (wait) => `Demasiadas solicitudes al webhook de pagos desde esta dirección; inténtalo de nuevo en ${wait}.`,
    staff_actions: (wait) => `Has hecho demasiados cambios en poco tiempo; inténtalo de nuevo en ${wait}.`,
    report_budget: (wait) => `Demasiados informes pedidos desde este cliente; inténtalo de nuevo en ${wait}.`,
    artwork_budget: (wait) => `Este cliente ha pedido demasiadas carátulas; inténtalo de nuevo en ${wait}.`,
    nowplaying_push: (wait) => `Demasiados envíos de «sonando ahora» desde esta dirección; inténtalo de nuevo en ${wait}.`,
    budget: (wait) => `Este cliente agotó uno de sus cupos; inténtalo de nuevo en ${wait}.`,
    link: () => 'No se permiten enlaces en este chat.',
    language: () => 'Tu mensaje contiene lenguaje no permitido en este chat.',
    repeat: () => 'Acabas de enviar ese mensaje.',
    ban: () => 'Ahora no puedes escribir en este chat.',
    reserved_nickname: () => 'Este apodo está reservado para la emisora (o se le parece); elige otro.',
    nickname: () => 'Elige otro apodo.',
    recently_played: (wait) => `Esa canción sonó hace poco; podrás pedirla de nuevo en ${wait}.`,
  },
  validation: {
    required: 'es obligatorio',
    unknownField: 'no es un ajuste conocido',
    wholeNumber: 'debe ser un número entero escrito con dígitos decimales, dentro de su rango',
    text: 'debe ser texto',
    number: 'debe ser un número',
    boolean: 'debe ser true o false',
    list: 'debe ser una lista',
    object: 'debe ser un objeto',
    atLeastCharacters: (n) => `debe tener al menos ${plural(n, 'carácter', 'caracteres')}`,
    atMostCharacters: (n) => `debe tener como máximo ${plural(n, 'carácter', 'caracteres')}`,
    atLeast: (n) => `debe ser ${n} o más`,
    atMost: (n) => `debe ser ${n} o menos`,
    moreThan: (n) => `debe ser mayor que ${n}`,
    lessThan: (n) => `debe ser menor que ${n}`,
    oneOf: (values) => `debe ser uno de: ${values}`,
    atLeastItems: (n) => `debe tener al menos ${plural(n, 'elemento', 'elementos')}`,
    atMostItems: (n) => `debe tener como máximo ${plural(n, 'elemento', 'elementos')}`,
    atMostKeys: (n) => `debe tener como máximo ${plural(n, 'clave', 'claves')}`,
    dateTime: 'debe ser una fecha y hora ISO-8601, como 2026-06-01T12:00:00Z',
    date: 'debe ser una fecha como 2026-06-01',
    url: 'debe ser una URL como https://example.org',
    email: 'debe ser una dirección de correo',
    invalid: 'no es válido',
    pattern: (english) => PATTERNS[english] ?? english,
    since: 'debe ser segundos Unix, milisegundos Unix o una hora ISO-8601',
    chatId: 'debe ser un id de mensaje como 1767225600000-0',
    transferEncoding: 'debe ser chunked, indicado una vez, o ninguno',
    contentLength: 'debe indicarse una vez, o coincidir',
    formBody: 'deben ser campos de formulario UTF-8 (application/x-www-form-urlencoded)',
  },
};

export default es;
