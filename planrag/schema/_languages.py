"""The business words of a question in the languages databases are often written in.

A manager asks in English of a database a German package named (`sczlg`, "Schadenzahlungen":
claim payments), a French team commented ("motif de réclamation") or a Dutch vendor built
(`lev_best`, leverancier and bestelling). Ranking (`planrag.schema._relevance`) lets a question
word meet the schema through its translations here, as it does through its synonyms, and
through their abbreviations (`lev` for "leverancier") and the compounds that hold them
("schadenzahlungen" holds "zahlung").

Each line is one concept: its English words, then its words in German, French, Dutch,
Spanish, Italian and Portuguese, the languages separated by "|". The words are the general
vocabulary of companies' tables (parties, people, goods, documents, money, places, time,
events), whatever the company does, not any one database's. A word that means something
else in English, as written or as the stemmer cuts it ("art", "temps" as "temp", "equipe"
as "equip", "poste" as "post"), or in another of the languages is left out, and so are words
shorter than four letters: they would meet half of any schema.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from planrag.schema._tokens import stem

__all__ = ["LEAST_COMPOUNDED", "compounds", "translations"]

LEAST_COMPOUNDED = 5
"""Letters a word of another language needs to be found inside a longer schema word."""
INFLECTION = 2
"""Letters around a word of another language that may be its ending, not another word."""

_CONCEPTS = """
customer client buyer | kunde kunden abnehmer | client acheteur | klant afnemer |
    cliente comprador | cliente acquirente | cliente comprador
supplier vendor | lieferant lieferanten | fournisseur | leverancier |
    proveedor | fornitore | fornecedor
employee staff worker | mitarbeiter angestellter beschaeftigter | employe salarie
    personnel | medewerker werknemer personeel | empleado trabajador |
    dipendente impiegato personale | funcionario empregado trabalhador
product item article | artikel produkt ware | produit article | artikel product |
    producto articulo | prodotto articolo | produto artigo
order | bestellung auftrag | commande | bestelling order opdracht | pedido orden |
    ordine | pedido encomenda
sale sales sell sold | verkauf umsatz absatz | vente ventes | verkoop omzet | venta ventas |
    vendita vendite | venda vendas
purchase buy | einkauf beschaffung | achat approvisionnement | inkoop aankoop | compra |
    acquisto | compra
invoice bill | rechnung faktura | facture | factuur | factura | fattura | fatura
payment pay paid | zahlung bezahlung auszahlung | paiement reglement versement | betaling |
    pago | pagamento | pagamento
price | preis | prix tarif | prijs | precio | prezzo | preco
cost expense | kosten aufwand | cout frais depense | kosten uitgave | coste costo gasto |
    costo spesa | custo despesa
discount rebate | rabatt nachlass skonto | remise rabais ristourne | korting | descuento |
    sconto | desconto
revenue income turnover | umsatz ertrag erloes einnahme | chiffre revenu | omzet
    opbrengst | ingreso ingresos facturacion | ricavo fatturato | faturamento
contract agreement | vertrag | contrat | contract overeenkomst | contrato | contratto |
    contrato
policy | versicherungsschein | | polis | poliza | polizza | apolice
claim | schaden schadenfall anspruch | sinistre | schade | siniestro |
    sinistro | sinistro
premium | praemie beitrag | cotisation | premie | | premio | premio
insurance insured | versicherung versichert | assurance assure | verzekering verzekerd |
    seguro asegurado | assicurazione assicurato | seguro segurado
damage loss | schaden verlust | dommage perte | schade verlies | dano perdida | danno perdita |
    dano perda
complaint complain | beschwerde reklamation | reclamation plainte | klacht | queja
    reclamacion | reclamo lamentela | reclamacao queixa
reason cause | grund ursache | motif cause raison | reden oorzaak | motivo causa | motivo
    causa | motivo causa
return refund | rueckgabe retoure erstattung | retour remboursement | retour retourzending
    terugbetaling | devolucion reembolso | reso rimborso | devolucao reembolso
type kind category | typ kategorie | type categorie genre | soort categorie |
    tipo categoria clase | tipo categoria | tipo categoria
group | gruppe | groupe | groep | grupo | gruppo | grupo
status state | zustand | statut etat | toestand | estado | stato | estado situacao
store shop outlet branch | filiale laden geschaeft niederlassung | magasin boutique
    succursale agence | filiaal winkel vestiging | tienda sucursal | negozio filiale |
    loja filial
warehouse depot | lager lagerhaus | entrepot depot magasin | magazijn depot | almacen |
    magazzino deposito | armazem deposito
stock inventory | bestand lagerbestand vorrat | stock inventaire | voorraad |
    existencias inventario | giacenza scorta inventario | estoque inventario
delivery shipment | lieferung versand sendung | livraison envoi | levering
    zending verzending | entrega envio | consegna spedizione | entrega remessa
vehicle car truck | fahrzeug | vehicule voiture camion | voertuig vrachtwagen | vehiculo
    camion | veicolo camion | veiculo caminhao
aircraft plane | flugzeug luftfahrzeug | avion aeronef | vliegtuig | avion aeronave |
    aereo aeromobile | aviao aeronave
engine | triebwerk motor | moteur | motor | motor | motore | motor
part component spare | teil bauteil ersatzteil komponente | composant | onderdeel
    component | pieza repuesto componente | pezzo ricambio componente | peca componente
machine equipment | maschine anlage geraet | machine equipement | machine apparaat
    installatie | maquina | macchina impianto | maquina equipamento
maintenance repair | wartung instandhaltung reparatur | maintenance entretien reparation |
    onderhoud reparatie | mantenimiento reparacion | manutenzione riparazione |
    manutencao reparacao
defect fault failure | mangel fehler stoerung defekt beanstandung | defaut panne |
    defect | defecto averia fallo | difetto guasto | defeito avaria falha
inspection check audit | pruefung kontrolle inspektion | controle inspection |
    controle inspectie keuring | inspeccion | ispezione controllo |
    inspecao controle
building | gebaeude | batiment | gebouw | edificio | edificio | edificio
address | adresse anschrift | adresse | adres | direccion | indirizzo | endereco
city town | stadt | ville | stad plaats | ciudad | citta | cidade
region area district | region bezirk gebiet | region secteur | regio gebied |
    region zona | regione zona | regiao zona
country | staat | | | pais | paese | pais
postcode zip | postleitzahl | postal | postcode | postal | postale | postal
date | datum | date | datum | fecha
time | zeit uhrzeit | heure | tijd | hora tiempo | tempo | tempo hora
year | jahr | annee | jaar | anno | anno | ano
month | monat | mois | maand | mes | mese | mes
week | woche | semaine | week | semana | settimana | semana
day | tag | jour | dag | dia | giorno | dia
hour | stunde | heure | uur | hora | ora | hora
shift roster | schicht dienstplan | | dienst rooster | turno |
    turno | turno
team crew | team mannschaft besatzung | equipage | ploeg bemanning | equipo
    tripulacion | squadra equipaggio | tripulacao
manager supervisor | leiter vorgesetzter | responsable directeur | leidinggevende
    beheerder | gerente jefe responsable | responsabile direttore | gerente chefe
department division | abteilung | departement | afdeling | departamento |
    reparto dipartimento | departamento
salary wage | gehalt lohn | salaire paie | salaris loon | salario sueldo | stipendio
    salario | salario
absence leave sick | abwesenheit urlaub krank | absence conge maladie | afwezigheid verlof
    ziek | ausencia permiso baja | assenza ferie malattia | ausencia licenca
training course | schulung ausbildung kurs | formation cours | opleiding training cursus |
    formacion curso | formazione corso | formacao curso
skill qualification | qualifikation faehigkeit | competence qualification | vaardigheid
    kwalificatie | habilidad cualificacion | competenza qualifica | competencia qualificacao
account | konto | compte | rekening | cuenta | conto | conta
budget | budget | budget | budget begroting | presupuesto | bilancio | orcamento
amount sum total | betrag summe | montant somme | bedrag | monto | importo |
    montante valor
quantity volume | menge anzahl | quantite | aantal hoeveelheid | cantidad | quantita |
    quantidade
weight | gewicht | poids | gewicht | peso | peso | peso
capacity | kapazitaet | capacite | capaciteit | capacidad | capacita | capacidade
demand | bedarf nachfrage | demande besoin | vraag behoefte | demanda | domanda fabbisogno |
    procura demanda
forecast | prognose vorhersage | prevision | prognose | prevision | previsione | previsao
plan schedule | planung plan | planification | planning | planificacion | pianificazione
    programma | planejamento
delay late | verspaetung verzoegerung | retard | vertraging | retraso demora | ritardo |
    atraso
event incident | ereignis vorfall | evenement incident | gebeurtenis voorval | evento
    incidente | evento incidente | evento incidente
accident | unfall | accident | ongeval | accidente | incidente | acidente
fraud | betrug | fraude | fraude | fraude | frode | fraude
risk | risiko | risque | risico | riesgo | rischio | risco
catastrophe disaster | katastrophe | catastrophe | catastrofe | catastrofe desastre |
    catastrofe disastro | catastrofe desastre
storm | sturm unwetter | tempete orage | storm | tormenta | tempesta | tempestade
fire | feuer | incendie | | incendio | incendio | incendio
water | wasser | eau | water | agua | acqua | agua
energy power electricity | energie strom | energie electricite | energie stroom | energia
    electricidad | energia elettricita | energia eletricidade
fuel | kraftstoff treibstoff | carburant | brandstof | combustible | carburante |
    combustivel
meter reading | zaehler ablesung | compteur releve | meter meterstand | contador lectura |
    contatore lettura | contador leitura
network grid | netz | reseau | netwerk | | | rede
line | linie leitung | ligne | lijn | linea | linea | linha
site location | standort | emplacement | locatie vestiging | ubicacion emplazamiento |
    ubicazione | localizacao
station | station bahnhof | gare station | station | estacion | stazione | estacao
route trip | strecke fahrt reise | trajet itineraire | traject reis | ruta viaje |
    percorso viaggio | rota viagem
flight | flug | vol | vlucht | vuelo | volo | voo
passenger | passagier fahrgast | passager voyageur | passagier reiziger | pasajero |
    passeggero | passageiro
seat | sitz sitzplatz | siege | stoel zitplaats | asiento | posto | assento
booking reservation | buchung reservierung | reservation | boeking reservering | reserva |
    prenotazione | reserva
ticket | ticket fahrkarte | billet | kaartje | billete | biglietto | bilhete
hotel | hotel | hotel | hotel | hotel | albergo | hotel
patient | patient | patient | patient | paciente | paziente | paciente
doctor physician | arzt | medecin | | medico | medico | medico
nurse | pflege pflegekraft | infirmier infirmiere | verpleegkundige | enfermera enfermero |
    infermiere | enfermeiro
student | student schueler | etudiant eleve | student leerling | estudiante alumno |
    studente | estudante aluno
teacher lecturer | lehrer dozent | enseignant professeur | docent leraar | profesor docente |
    docente insegnante | professor docente
course class | kurs lehrveranstaltung | cours classe | cursus klas | curso clase | corso
    classe | curso turma
grade mark | | | cijfer | nota | voto | nota
farm farmer | hof landwirt | ferme agriculteur | boerderij boer | granja agricultor |
    fattoria agricoltore | fazenda agricultor
milk | milch | lait | melk | leche | latte | leite
sample test | | echantillon | monster staal | muestra | campione | amostra
recipe | rezept rezeptur | recette | recept | receta | ricetta | receita
batch lot | | lot | partij | lote | lotto | lote
production produce | produktion fertigung herstellung | production fabrication |
    productie | produccion fabricacion | produzione | producao fabricacao
tool | werkzeug | outil | gereedschap | herramienta | utensile attrezzo | ferramenta
project | projekt | projet | project | proyecto | progetto | projeto
task job | aufgabe | tache | taak | tarea | compito | tarefa
visit | besuch | visite | bezoek | visita | visita | visita
call | anruf | appel | oproep gesprek | llamada | chiamata | chamada
subscriber subscription | abonnent abonnement | abonne abonnement | abonnee abonnement |
    abonado suscripcion | abbonato abbonamento | assinante assinatura
partner | partner | partenaire | partner | socio | partner socio | parceiro
agent broker | vermittler makler | courtier intermediaire | tussenpersoon makelaar |
    corredor intermediario | intermediario | corretor intermediario
commission | | commission | provisie commissie | comision | provvigione |
    comissao
offer quote | angebot | offre devis | offerte aanbieding | oferta | offerta
    preventivo | oferta cotacao
campaign | kampagne aktion | campagne | campagne actie | campana | campagna | campanha
loyalty | treue kundenbindung | fidelite fidelisation | loyaliteit | fidelidad | fedelta |
    fidelidade
cancel cancellation | storno stornierung kuendigung | annulation resiliation | annulering
    opzegging | cancelacion anulacion | annullamento disdetta | cancelamento
renewal renew | verlaengerung erneuerung | renouvellement | verlenging | renovacion |
    rinnovo | renovacao
rule | regel | regle | regel | regla | regola | regra
score | bewertung | | beoordeling | puntuacion | valutazione |
    avaliacao
suspicion suspect | verdacht | soupcon | verdenking | sospecha | sospetto | suspeita
appraiser assessor adjuster | gutachter | | taxateur | perito | perito | perito
garage workshop | werkstatt | garage atelier | garage werkplaats | | officina |

household home homeowner | haushalt hausrat | menage habitation | huishouden
     | hogar vivienda | casa abitazione | residencia
"""
"""One concept a line (a line starting with spaces goes on the one before)."""


def _plain(word: str) -> str:
    """Lower case without accents ("réclamation" -> "reclamation"), as identifiers write it."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.casefold())
                   if not unicodedata.combining(c))


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[str, ...]]:
    lines: list[str] = []
    for line in _CONCEPTS.strip("\n").splitlines():
        if line.startswith(" ") and lines:
            lines[-1] += " " + line.strip()
        elif line.strip():
            lines.append(line.strip())
    out: dict[str, list[str]] = {}
    for line in lines:
        english, *others = line.split("|")
        foreign = [w for part in others for w in map(_plain, part.split()) if len(w) >= 4]
        for word in english.split():
            known = out.setdefault(stem(word), [])
            known += [w for w in foreign if w not in known and stem(w) != stem(word)]
    return {k: tuple(v) for k, v in out.items()}


def translations(word: str) -> tuple[str, ...]:
    """`word`'s words in the other languages (lower case, no accents, unstemmed), none when
    the lexicon does not have it."""
    return _table().get(stem(word.lower()), ())



@lru_cache(maxsize=1)
def _words() -> frozenset[str]:
    return frozenset(w for known in _table().values() for w in known)


def compounds(word: str, schema_words: Iterable[str]) -> list[str]:
    """The words of `schema_words` that hold `word` of another language whole: inflected
    ("kunden" of "kunde", "ventes" of "vente") or compounded with another word of the lexicon
    ("schadenzahlungen" of "zahlung" and "schaden"), for words of at least
    `LEAST_COMPOUNDED` letters; not "customer" of Portuguese "custo"."""
    if len(word) < LEAST_COMPOUNDED:
        return []
    whole = stem(word)
    return [long for long in schema_words if long != whole and word in long
            and all(len(rest) <= INFLECTION or _starts_a_word(rest) for rest in long.split(word))]


def _starts_a_word(text: str) -> bool:
    """Whether `text` starts with a word of the lexicon in another language (a compound's
    other part: "zahlungen" in "schadenzahlungen")."""
    known = _words()  # every one has four letters or more
    return any(text[:n] in known for n in range(4, len(text) + 1))
