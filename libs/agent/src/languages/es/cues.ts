import type { Cues } from '../cues';

/** What Spanish customers and owners write that the agent looks for (each kind: ../cues.ts). */
export const SPANISH_CUES: Cues = {
  intents: {
    greeting: {
      1: 'hola, buenos días, buenas tardes, buenas noches, buenas, saludos, qué tal, gracias, muchas gracias',
    },
    product_inquiry: {
      2:
        'tienen disponible, disponible*, hay stock, stock, existencias, talla*, tamaño*, color*, ' +
        'modelo*, característica*, información, más info, detalle*, catálogo, qué tipo, recomienda*, ' +
        'busco, estoy buscando, venden, vendes, es compatible, material, impermeable',
      1: 'tienen, tienes, hay',
    },
    pricing: {
      3:
        'cuánto cuesta*, cuánto vale*, cuánto sale*, cuánto es, cuánto son, precio*, costo*, coste, ' +
        'descuento*, oferta*, promoción*, cupón, barat*, caro, cara, tarifa*, cotización, presupuesto',
    },
    order_status: {
      3:
        'estado del pedido, estado de mi pedido, dónde está mi, ' +
        'seguimiento, rastreo, rastrear, número de pedido, cuándo llega*, no ha llegado, ' +
        'no me ha llegado, no llegó, no me llegó, no he recibido, ya pagué, alguna novedad, novedades de',
      2: 'paquete, enviado',
      1: 'mi pedido, mi orden, mi compra, hice un pedido',
    },
    complaint: {
      3:
        'queja*, reclamo*, reclamación, inaceptable, terrible, horrible, pésimo, pésima, muy mal, ' +
        'decepcion*, enojad*, enfadad*, molest*, furios*, roto, rota, dañado, dañada, ' +
        'defectuos*, equivocado, mal servicio, estafa, vergüenza, hart*, nadie responde, nadie contesta, ' +
        'grosero, grosera, maleducad*, no es justo, injusto, injusta, arruinad*, mal hecho, ' +
        'no es lo que pedí',
      2: 'sigo esperando',
    },
    support: {
      2:
        'ayuda, ayudar*, aceptan, cuotas, a plazos, financiación, pago contra entrega, tarjeta, paypal, cómo hago, cómo puedo, cómo se, ' +
        'problema, no funciona, error, no puedo, instalar, configurar, ' +
        'política*, soporte, horario*, a qué hora, abren, cierran, abierto, ' +
        'ubicación, dirección, dónde están, dónde queda*, contacto, teléfono, correo, envío*, envían, ' +
        'entrega*, métodos de pago, formas de pago, pagar con, mi cuenta, contraseña, antelación',
      3:
        'reembolso*, devoluci*, devolver, cambio, cambiar, garantía*, cancelar, cancelación, anular, aparcamiento, aparcar, estacionamiento, estacionar, parking, llegar antes, con cuánta antelación llego, ' +
        'qué debo traer, qué tengo que traer, qué hay que traer, qué llevo, cómo llego, cómo llegar, transporte público, ' +
        'silla de ruedas, accesible, mi historial, mis datos',
    },
    purchase_intent: {
      4:
        'quiero comprar, quisiera comprar, me gustaría comprar, quiero pedir, quiero hacer un pedido, ' +
        'hacer un pedido, quiero ordenar, cómo compro, cómo puedo comprar, cómo hago un pedido, ' +
        'cómo hago el pedido, cómo pido, me lo llevo, me la llevo, lo quiero, la quiero, los quiero, ' +
        'las quiero, quiero pagar, link de pago, enlace de pago, me interesa comprar, quiero reservar, ' +
        'quisiera reservar, pedir cita, pedir una cita, reservar una cita, quiero una cita',
      3: 'reservar, apartar',
      2: 'comprar*, compro',
    },
  },
  urgent: 'urgencia, lo antes posible, cuanto antes, inmediatamente, ya mismo, de inmediato, emergencia',
  anger:
    'inaceptable, furios*, enojad*, hart*, estafa, vergüenza, pésimo, pésima, ridículo, indignad*, lo peor',
  orderProblem:
    'no ha llegado, no me ha llegado, no llegó, no me llegó, no he recibido, retraso, retrasado, ' +
    'atrasado, perdido, equivocado, dañado, dañada, roto, rota, sigo esperando, todavía no',
  buying:
    'cómo compro, cómo puedo comprar, cómo hago un pedido, cómo pido, al por mayor, mayoreo, ' +
    'para mi empresa, para mi negocio, para mi tienda, para mi oficina, una docena, hacen envíos, ' +
    'envían a',
  quantityUnits:
    'unidad, unidades, pieza, piezas, par, pares, caja, cajas, paquete, paquetes, botella, botellas',
  person:
    'hablar con alguien, hablar con una persona, persona real, un humano, una persona de verdad, ' +
    'hablar con un agente, un agente, hablar con el encargado, el encargado, el gerente, atención al cliente, ' +
    'alguien del equipo, que me llamen, no eres un bot, eres un bot, eres un robot',
  aboutBusiness:
    'qué venden, qué vendes, qué hacen, qué haces, a qué se dedican, a qué te dedicas, qué ofrecen, qué ofreces, ' +
    'quiénes son, quién eres, quiénes somos, sobre ustedes, sobre su empresa, sobre tu empresa, sobre la empresa, ' +
    'sobre su negocio, sobre tu negocio, sobre la tienda, qué tipo de negocio, qué tipo de tienda, qué servicios, ' +
    'sus servicios, qué productos, sus productos, qué es esta empresa, qué es esta tienda',
  where: 'dónde está, dónde están, dónde queda, dónde se encuentra, cómo llego, cómo llegar, cómo encuentro',
  facts: {
    openingHours:
      'horario*, a qué hora abren, a qué hora cierran, cuándo abren, cuándo cierran, están abiertos, abren hoy, ' +
      'abren el, abren los, cierran el, cierran los, hora de apertura, hora de cierre, días abren',
    address:
      'dónde están, dónde queda, dónde se encuentran, dónde los encuentro, dónde te encuentro, su dirección, ' +
      'tu dirección, cuál es la dirección, dirección de la tienda, ubicación, ubicados, cómo llego, visitarlos',
    phone: 'teléfono, llamarlos, llamarles, número de contacto, su número, tu número, número de whatsapp',
    email: 'su correo, tu correo, correo electrónico, email',
    website: 'página web, sitio web, su web, tu web, tienda online, tienda en línea',
    contact: 'contactarlos, contactar con ustedes, cómo los contacto, cómo contacto, comunicarme con ustedes',
  },
  ownerOnly:
    'descuento*, cupón*, cupon*, promoción*, código, peso, pesa, dimensiones, medidas, envío*, envia*, envía*, ' +
    'entrega*, devolución*, devoluciones, reembolso*, cambio*, garantía*, pago*, pagar, cuotas, tarjeta regalo, ' +
    'política*, cuánto tarda*, cuántos días, qué fecha, cuándo llega*',
  measure: 'peso, pesa, pesan, medidas, dimensiones, tamaño, cuánto mide',
  privateNotes: {
    labels:
      'nota, notas, nota interna, notas internas, interno, interna, uso interno, privado, privada, nota privada, ' +
      'confidencial, secreto, pendiente, recordatorio, solo personal, solo para personal, solo para el personal, ' +
      'para el personal, solo empleados, solo para empleados, para empleados, no compartir, no para clientes',
    noteStarts: 'interno, interna, confidencial',
    secrecy:
      'no … compartir, no … compartas, no … comparta, no … compartan, no … digas, no … diga, no … decir, ' +
      'no … menciones, no … mencione, no … mencionar, no … reveles, no … revele, no … revelar, no … divulgues, ' +
      'no … divulgar, no … comentes, no … comentar, no … cuentes, no … contar, no … publiques, no … publicar, ' +
      'no … des, no … dar, no … ofrezcas, no … ofrecer, nunca … compartas, nunca … digas, nunca … menciones, ' +
      'nunca … reveles, nunca … des, nunca … ofrezcas, nunca … compartir, nunca … mencionar, no se debe, ' +
      'no debe saberse, no deben saber, no pueden saber, que no se entere, que no se enteren, no es público, ' +
      'no es para clientes, no para clientes, no para el público, no apto para clientes, mantener … en secreto, ' +
      'mantén … en secreto, mantenlo en secreto, guardar … en secreto, guarda … en secreto, en secreto, ' +
      'es secreto, es secreta, mantener … privado, mantén … privado, mantenlo privado, solo entre nosotros, ' +
      'queda entre nosotros, solo si … pide, solo si … piden, solo darlo, confidencial, uso interno, ' +
      'nota interna, notas internas, información interna, dato interno, solo personal, solo para el personal, ' +
      'solo para personal, solo empleados, solo para empleados, no anunciado, no publicado, información privada, ' +
      'nota privada, dato privado, no … digáis, no … digan, no … compartáis, no … mencionéis, no … mencionen, ' +
      'no … reveléis, no … revelen, no … contéis, no … cuenten, no … deis, no … den, no … comentéis, ' +
      'no … comenten, no … publiquéis, no … divulguéis, no … divulguen, nunca … digáis, nunca … digan, ' +
      'nunca … mencionéis, nunca … mencionen, nunca … compartáis, nunca … compartan, no … anunciado, ' +
      'no … anunciada, no … anunciados, aún no es público, todavía no es público, qued* entre nosotros, ' +
      'entre nosotros nada más',
    secrets:
      'contraseña*, clave del wifi, clave de acceso, código de la alarma, código de alarma, ' +
      'combinación de la caja, código de la puerta, margen de beneficio, margen de ganancia, nuestro margen, ' +
      'precio de costo, precio de coste, precio de compra, costo real, coste real, datos bancarios, ' +
      'mi número personal, número personal, teléfono personal, móvil personal, correo personal, número privado, ' +
      'teléfono privado',
    insiders:
      'el personal, del personal, al personal, para personal, empleado*, trabajador*, interno*, interna*, ' +
      'secreto*, secreta*, colega*, compañeros, amigos y familia, familia y amigos',
    sensitive:
      'código*, cupón*, descuento*, promo*, promoción*, precio*, tarifa*, costo*, coste*, margen*, ' +
      'proveedor*, salario*, sueldo*, comisión*, banco, tarjeta*, llave*, caja fuerte, pin, wifi',
    pointBack:
      'esto, eso, esta, este, lo, la, los, las, le, les, se, nada, a, al, con, clientes, cliente, nadie, nunca, ' +
      'por favor, el, de, del, información, dato, datos, público',
    pointForward: 'lo siguiente, siguiente, siguientes, continuación, debajo, abajo, de aquí en adelante',
    privacyPromises:
      'tus datos, sus datos, tu información, su información, tu privacidad, su privacidad, datos personales, ' +
      'tu contraseña, su contraseña, terceros',
    publicAudience:
      'para todos, para todo el mundo, para todos los clientes, para clientes, para huéspedes, para los huéspedes, ' +
      'para visitantes, cualquiera puede, cualquier cliente, todos los clientes, wifi gratis, wifi gratuito',
    notSecrecy: 'dudes, dude, duden, olvides, olvide, olviden, tardes',
  },
};
