import type { LanguagePack } from '../language-pack';
import { LATIN_SOUNDS } from '../latin-sounds';
import { SPANISH_CUES } from './cues';
import { SPANISH } from './phrasebook';
import { SPANISH_PREMISES, SPANISH_VOCABULARY } from './vocabulary';

/** Spanish. */
export const SPANISH_PACK: LanguagePack = {
  code: 'es',
  writing: {
    word: /^[a-z]+$/u,
    // "precios" is "precio" (accents are folded before: "envíos" is "envio").
    plural: { suffix: 's', keep: 'ss' },
    sounds: LATIN_SOUNDS,
  },
  detection: {
    words:
      'hola buenos buenas dias tardes noches gracias favor quiero quisiera necesito precio precios cuanto cuanta ' +
      'cuesta cuestan vale tienen tiene tienes hay el la los las del un una unos unas que es esta estan para con ' +
      'mi mis tu su sus pedido envio envios donde cuando como puedo pueden muy pero y o de en se lo le yo usted ' +
      'ustedes comprar tienda ayuda todavia ya mas sin hoy manana llego aceptan pago entrega contra hacen hace ' +
      'tengo tenemos puede saber cual cuales nada algo tambien ahora semana',
    marks: /[¿¡ñáéíóúü]/giu,
    endings: /(?:cion|ciones|[aeio]mente|idad|idades)$/u,
  },
  vocabulary: SPANISH_VOCABULARY,
  premises: SPANISH_PREMISES,
  stopWords:
    'el la los las un una unos unas de del al y o u en es son que por para con sin mi mis tu tus su sus me te se lo ' +
    'le les nos hay como cual cuales cuanto cuanta cuantos cuantas cuesta cuestan donde cuando quien este esta ' +
    'estos estas ese esa eso hola gracias favor quiero quisiera necesito tienen tiene tienes puedo pueden saber si ' +
    'ya muy mas pero vale',
  genericTitleWords: 'politica informacion condiciones metodos formas',
  questionStarts:
    'que cuando donde como por cual cuales cuanto cuanta cuantos cuantas quien hay tienen tiene puedo pueden ' +
    'puede hacen aceptan',
  orderWords: /pedido|orden/u,
  variants: {
    larger: 'grande grandes mayor mayores enorme',
    smaller: 'pequeno pequena pequenos pequenas chico chica chicos chicas chiquito chiquita mini',
    middle: 'mediano mediana medianos medianas',
    cheaper: 'barato barata baratos baratas economico economica',
    dearer: 'caro cara caros caras costoso costosa',
  },
  qualifiers: {
    prepositions: 'para con sin en',
    possessives: 'mi mis tu tus su sus nuestro nuestra nuestros nuestras',
    determiners: 'un una unos unas el la los las algun alguna algunos algunas hay otro otra',
    offerings: 'producto productos articulo articulos cosa cosas servicio servicios todo todos',
    timeWords: 'manana hoy noche tarde ahora luego pronto fin invierno verano primavera otono temporada',
  },
  cues: SPANISH_CUES,
  claims: {
    priceWords: /precios?|cuestan?|costo|coste|valen?/u,
    currencyWords: /dolar(?:es)?|euros?|pesos?|soles/u,
    fillers:
      'es son de del el la los las un una unos solo solamente ahora hoy actualmente cada por unidad pieza esta ' +
      'en a tiene apenas aproximadamente alrededor',
    outOfStock:
      /agotad[oa]s?|sin (?:stock|existencias)|fuera de stock|\bno(?:\s+\p{L}+){0,2}?\s+(?:disponible|en stock|hay stock|en existencia|quedan)/u,
    inStock: /disponibles?|en stock|hay stock|en existencia/u,
    codeWords: /codigos?|cupon(?:es)?/u,
  },
  names: { notNames: 'usuario cliente invitado anonimo desconocido prueba nombre cuenta perfil tienda' },
  phrasebook: SPANISH,
};
