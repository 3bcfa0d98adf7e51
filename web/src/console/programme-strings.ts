// The programme editor's words (en, es), beside the editor rather than in the page-wide catalogs
// (web/src/i18n/), which the console's shell edits at the same time.

const en = {
  edit: 'Edit',
  editing: (title: string) => `Editing: ${title}`,
  newItem: 'New',
  cancelEdit: 'Cancel',
  description: 'Description',
  zoneNote: (zone: string) => `Dates and times in the station's zone, ${zone}.`,
  startDate: 'Start date',
  startTime: 'Start time',
  endDate: 'End date',
  endTime: 'End time',
  genre: 'Genre',
  songCount: 'Songs',
  playlistUrl: 'Link',
  overlaps: (names: string) => `Overlaps with ${names}. It is saved as it is; check the times if that is not meant.`,
  stale: (message: string) => `Not saved: ${message}`,
  reload: 'Reload the programme',
  reloaded: 'Reloaded: the form holds the saved item again; make your change and save.',
  savedBy: (name: string, revision: number) => `Revision ${revision}, saved by ${name}`,
  savedRevision: (revision: number) => `Revision ${revision}`,
};

export type ProgrammeStrings = typeof en;

const es: ProgrammeStrings = {
  edit: 'Editar',
  editing: (title) => `Editando: ${title}`,
  newItem: 'Nuevo',
  cancelEdit: 'Cancelar',
  description: 'Descripción',
  zoneNote: (zone) => `Fechas y horas en la zona de la emisora, ${zone}.`,
  startDate: 'Fecha de inicio',
  startTime: 'Hora de inicio',
  endDate: 'Fecha de fin',
  endTime: 'Hora de fin',
  genre: 'Género',
  songCount: 'Canciones',
  playlistUrl: 'Enlace',
  overlaps: (names) => `Se solapa con ${names}. Se guarda así; revisa las horas si no era la intención.`,
  stale: (message) => `No se guardó: ${message}`,
  reload: 'Volver a cargar la programación',
  reloaded: 'Recargado: el formulario tiene de nuevo lo guardado; haz tu cambio y guarda.',
  savedBy: (name, revision) => `Revisión ${revision}, guardada por ${name}`,
  savedRevision: (revision) => `Revisión ${revision}`,
};

export const p: ProgrammeStrings = typeof document !== 'undefined' && document.documentElement.lang.slice(0, 2).toLowerCase() === 'es' ? es : en;
