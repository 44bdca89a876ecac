import type { Phrasebook } from '../phrasebook';

function list(items: readonly string[]): string {
  return items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function welcome(company: string | null): string {
  return company ? `Welcome to ${company}!` : 'Welcome!';
}

export const ENGLISH: Phrasebook = {
  opener(style, firstName) {
    const name = firstName ? ` ${firstName}` : '';
    switch (style) {
      case 'professional':
        return `Good day${firstName ? `, ${firstName}` : ''}.`;
      case 'friendly':
        return `Hi${name}!`;
      case 'casual':
        return `Hey${name}!`;
      case 'enthusiastic':
        return `Hi${name}! 😊`;
    }
  },
  closing: {
    professional: 'Is there anything else I can help you with?',
    friendly: "Let me know if there's anything else I can help with!",
    casual: 'Anything else?',
    enthusiastic: 'Anything else I can help with? Just ask!',
  },
  greeting(style, company) {
    switch (style) {
      case 'professional':
        return `Thank you for contacting ${company ?? 'us'}. How may I help you today?`;
      case 'friendly':
        return `${welcome(company)} How can I help you today?`;
      case 'casual':
        return `Thanks for messaging ${company ?? 'us'}. What can I do for you?`;
      case 'enthusiastic':
        return `${welcome(company)} 🎉 How can I help you today?`;
    }
  },
  productFacts: ({ name, price, inStock }) =>
    `${name} costs ${price} and is ${inStock ? 'in stock' : 'currently out of stock'}.`,
  productStock: ({ name, inStock }) => `${name} is ${inStock ? 'in stock' : 'currently out of stock'}.`,
  productListIntro: "Here's what we have:",
  productListItem: ({ name, price, inStock }) =>
    `• ${name}: ${price} (${inStock ? 'in stock' : 'out of stock'})`,
  offerToOrder: {
    professional: 'Would you like to place an order?',
    friendly: 'Would you like to order one?',
    casual: 'Want one?',
    enthusiastic: 'Would you like to grab one?',
  },
  productNotFound: (_style, categories) =>
    "I couldn't find that exact item in our catalogue." +
    (categories.length > 0 ? ` We carry ${list(categories)}.` : '') +
    ' Which product are you interested in, so I can check it for you?',
  catalogueOverview: (_style, categories) =>
    `We carry ${list(categories)}. Which of them are you interested in?`,
  catalogueUnavailable: () => 'A member of our team will share the details and prices with you shortly.',
  orderWillBeChecked: (_style, reference) =>
    `Our team will check the status of order ${reference} and get back to you shortly.`,
  askOrderNumber: () => 'Could you please share your order number so our team can check its status?',
  orderTrouble: () => "I'm sorry for the trouble.",
  apology: {
    professional: 'I sincerely apologise for this experience.',
    friendly: "I'm really sorry about this.",
    casual: 'So sorry about that!',
    enthusiastic: "I'm so sorry about this!",
  },
  escalation: () => 'Our team will review this and contact you as soon as possible to make it right.',
  alsoReachUs: (_style, contact) => `You can also reach us at ${contact}.`,
  knowledgeIntro: () => "Here's what I can tell you:",
  aboutProduct: (name) => `About the ${name}:`,
  relatedIntro: 'Good to know:',
  contactIntro: () => 'Our team will be happy to help. You can reach us here:',
  contactLabel: {
    phone: 'Phone',
    email: 'Email',
    website: 'Website',
    openingHours: 'Opening hours',
    address: 'Address',
  },
  handOff: () =>
    "Of course. I've passed your message to our team, and a person will reply to you here as soon as they can.",
  teamWillReply: () => 'A member of our team will get back to you shortly.',
  teamWillConfirm: {
    price: 'Our team will confirm the price shortly.',
    stock: 'Our team will confirm availability shortly.',
    both: 'Our team will confirm the price and availability shortly.',
  },
  fact(field, value) {
    switch (field) {
      case 'openingHours':
        return `Our opening hours are: ${value}`;
      case 'address':
        return `You can find us at: ${value}`;
      case 'phone':
        return `You can call us on ${value}`;
      case 'email':
        return `You can email us at ${value}`;
      case 'website':
        return `Our website is ${value}`;
    }
  },
  dontKnow: () => "I'm sorry, I don't have that information, and I'd rather not guess.",
  askTheTeam: () => 'Our team can answer it for you:',
  purchaseOpening: {
    professional: 'Thank you for your interest.',
    friendly: 'Great choice!',
    casual: 'Nice pick!',
    enthusiastic: 'Fantastic choice! 🎉',
  },
  purchaseNextStep: (style) =>
    `To place your order, ${style === 'professional' ? 'please' : 'just'} confirm the quantity and your ` +
    'delivery details, and our team will finalise it with you.',
  whichProduct: () => 'Which product would you like to order?',
  websiteHint: (_style, website) => `You can also visit ${website}.`,
  thanks: (_style, company) => `Thanks for reaching out to ${company ?? 'us'}.`,
  howCanIHelp(style) {
    switch (style) {
      case 'professional':
        return 'How may I help you?';
      case 'casual':
        return 'What can I do for you?';
      case 'friendly':
      case 'enthusiastic':
        return 'How can I help you?';
    }
  },
};
