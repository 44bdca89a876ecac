import type { ResponseStyle } from '@parley/contracts';
import type { Phrasebook } from '../phrasebook';

/** Professional replies address the customer as usted, the other styles as tú. */
function formal(style: ResponseStyle): boolean {
  return style === 'professional';
}

function list(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

function welcome(company: string | null): string {
  return company ? `¡Te damos la bienvenida a ${company}!` : '¡Te damos la bienvenida!';
}

function writingTo(company: string | null): string {
  return company ? `escribir a ${company}` : 'escribirnos';
}

export const SPANISH: Phrasebook = {
  opener(style, firstName) {
    const name = firstName ? `, ${firstName}` : '';
    switch (style) {
      case 'professional':
        return `Buen día${name}.`;
      case 'friendly':
        return `¡Hola${name}!`;
      case 'casual':
        return `¡Buenas${name}!`;
      case 'enthusiastic':
        return `¡Hola${name}! 😊`;
    }
  },
  closing: {
    professional: '¿Hay algo más en lo que pueda ayudarle?',
    friendly: '¡Avísame si necesitas algo más!',
    casual: '¿Algo más?',
    enthusiastic: '¿Algo más en lo que pueda ayudarte? ¡Aquí estoy!',
  },
  greeting(style, company) {
    switch (style) {
      case 'professional':
        return `Gracias por comunicarse con ${company ?? 'nosotros'}. ¿En qué puedo ayudarle?`;
      case 'friendly':
        return `${welcome(company)} ¿En qué te puedo ayudar?`;
      case 'casual':
        return `Gracias por ${writingTo(company)}. ¿Qué necesitas?`;
      case 'enthusiastic':
        return `${welcome(company)} 🎉 ¿En qué te puedo ayudar hoy?`;
    }
  },
  productFacts: ({ name, price, inStock }) =>
    `${name} cuesta ${price}${inStock ? ' y está disponible' : ', pero por ahora no está disponible'}.`,
  productStock: ({ name, inStock }) =>
    `${name} ${inStock ? 'está disponible' : 'por ahora no está disponible'}.`,
  productListIntro: 'Esto es lo que tenemos:',
  productListItem: ({ name, price, inStock }) =>
    `• ${name}: ${price} (${inStock ? 'disponible' : 'sin stock'})`,
  offerToOrder: {
    professional: '¿Desea hacer un pedido?',
    friendly: '¿Quieres hacer un pedido?',
    casual: '¿Hacemos el pedido?',
    enthusiastic: '¿Quieres hacer tu pedido ya?',
  },
  productNotFound: (style, categories) =>
    'No encontré ese producto exacto en nuestro catálogo.' +
    (categories.length > 0 ? ` Tenemos ${list(categories)}.` : '') +
    (formal(style)
      ? ' ¿Qué producto le interesa, para revisarlo por usted?'
      : ' ¿Qué producto te interesa, para revisarlo por ti?'),
  catalogueOverview: (style, categories) =>
    `Tenemos ${list(categories)}. ¿Cuál ${formal(style) ? 'le' : 'te'} interesa?`,
  catalogueUnavailable: (style) =>
    `Un miembro de nuestro equipo ${formal(style) ? 'le' : 'te'} compartirá los detalles y precios en breve.`,
  orderWillBeChecked: (style, reference) =>
    `Nuestro equipo revisará el estado del pedido ${reference} y ${formal(style) ? 'le' : 'te'} ` +
    'responderá en breve.',
  askOrderNumber: (style) =>
    formal(style)
      ? '¿Podría indicarme su número de pedido para que nuestro equipo revise su estado?'
      : '¿Me pasas tu número de pedido para que nuestro equipo revise su estado?',
  orderTrouble: (style) => (formal(style) ? 'Lamento las molestias.' : 'Siento mucho las molestias.'),
  apology: {
    professional: 'Le pido sinceras disculpas por esta experiencia.',
    friendly: 'Lo siento muchísimo.',
    casual: '¡Uf, lo siento mucho!',
    enthusiastic: '¡Lo siento muchísimo!',
  },
  escalation: (style) =>
    formal(style)
      ? 'Nuestro equipo revisará su caso y se pondrá en contacto con usted lo antes posible para solucionarlo.'
      : 'Nuestro equipo revisará tu caso y te contactará lo antes posible para solucionarlo.',
  alsoReachUs: (style, contact) =>
    `También ${formal(style) ? 'puede' : 'puedes'} contactarnos en ${contact}.`,
  knowledgeIntro: (style) =>
    formal(style) ? 'Esto es lo que puedo decirle:' : 'Esto es lo que te puedo contar:',
  aboutProduct: (name) => `Sobre ${name}:`,
  relatedIntro: 'Dato útil:',
  contactIntro: (style) =>
    formal(style)
      ? 'Nuestro equipo estará encantado de ayudarle. Puede contactarnos aquí:'
      : 'Nuestro equipo te ayudará con gusto. Puedes contactarnos aquí:',
  contactLabel: {
    phone: 'Teléfono',
    email: 'Correo',
    website: 'Web',
    openingHours: 'Horario',
    address: 'Dirección',
  },
  fact(field, value) {
    switch (field) {
      case 'openingHours':
        return `Nuestro horario es: ${value}`;
      case 'address':
        return `Nos encontramos en: ${value}`;
      case 'phone':
        return `Nuestro teléfono es ${value}`;
      case 'email':
        return `Nuestro correo es ${value}`;
      case 'website':
        return `Nuestra web es ${value}`;
    }
  },
  dontKnow: (style) =>
    formal(style)
      ? 'Lo siento, no dispongo de esa información y prefiero no suponer nada.'
      : 'Lo siento, no tengo esa información y prefiero no adivinar.',
  askTheTeam: (style) =>
    formal(style) ? 'Nuestro equipo podrá responderle:' : 'Nuestro equipo te lo puede responder:',
  handOff: (style) =>
    `Por supuesto. He pasado ${formal(style) ? 'su' : 'tu'} mensaje a nuestro equipo y una persona ${formal(style) ? 'le' : 'te'} responderá aquí lo antes posible.`,
  teamWillReply: (style) =>
    `Un miembro de nuestro equipo ${formal(style) ? 'le' : 'te'} responderá en breve.`,
  teamWillConfirm: {
    price: 'Nuestro equipo confirmará el precio en breve.',
    stock: 'Nuestro equipo confirmará la disponibilidad en breve.',
    both: 'Nuestro equipo confirmará el precio y la disponibilidad en breve.',
  },
  purchaseOpening: {
    professional: 'Gracias por su interés.',
    friendly: '¡Excelente elección!',
    casual: '¡Buena elección!',
    enthusiastic: '¡Fantástica elección! 🎉',
  },
  purchaseNextStep: (style) =>
    formal(style)
      ? 'Para hacer su pedido, confirme la cantidad y sus datos de entrega, y nuestro equipo lo finalizará con usted.'
      : 'Para hacer tu pedido, confírmame la cantidad y tus datos de entrega, y nuestro equipo lo finalizará contigo.',
  whichProduct: (style) => (formal(style) ? '¿Qué producto desea pedir?' : '¿Qué producto quieres pedir?'),
  websiteHint: (style, website) => `También ${formal(style) ? 'puede' : 'puedes'} visitar ${website}.`,
  thanks: (style, company) =>
    formal(style)
      ? `Gracias por comunicarse con ${company ?? 'nosotros'}.`
      : `¡Gracias por ${writingTo(company)}!`,
  howCanIHelp: (style) => (formal(style) ? '¿En qué puedo ayudarle?' : '¿En qué te puedo ayudar?'),
};
