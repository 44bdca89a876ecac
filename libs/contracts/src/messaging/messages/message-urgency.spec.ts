import { messageUrgency } from './message-urgency';

describe('messageUrgency', () => {
  it.each([
    ['URGENT: my order is wrong', 'high'],
    ['This is urgent', 'high'],
    ['Please reply urgently', 'high'],
    ['Where is my order!!!', 'high'],
    ['URGENT - when will it ship?', 'high'],
    ['Es urgente', 'high'],
    ['طلب عاجل', 'high'],
    ['Do you ship to Spain?', 'medium'],
    ['when does the shop open', 'medium'],
    ['When you can, send the catalogue', 'medium'],
    ['Cuándo abren', 'medium'],
    ['¿Abren hoy', 'medium'],
    ['متى تفتحون', 'medium'],
    ['هل لديكم توصيل؟', 'medium'],
    ['Thanks, great service!', 'low'],
    ['The insurgent movie was fun', 'low'],
    ['Whenever is fine', 'low'],
    ['Wow!!', 'low'],
    ['', 'low'],
  ])('%j → %s', (content, urgency) => {
    expect(messageUrgency(content)).toBe(urgency);
  });
});
