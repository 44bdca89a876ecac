/** Articles and the conjunctions written onto them, longest first ("والسعر", "بالبطاقة", "السعر"). */
export const ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
