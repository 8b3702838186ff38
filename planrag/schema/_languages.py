"""The business words of a question in the languages databases are often written in.

A manager asks in English of a database a German package named (`sczlg`, "Schadenzahlungen":
claim payments), a French team commented ("motif de réclamation") or a Dutch vendor built
(`lev_best`, leverancier and bestelling). Ranking (`planrag.schema._relevance`) lets a question
word meet the schema through its translations here, as it does through its synonyms, and
through their abbreviations (`lev` for "leverancier") and the compounds that hold them
("schadenzahlungen" holds "zahlung").

Each line is one concept: its English words, then its words in German, French, Dutch,
Spanish, Italian and Portuguese, the languages separated by "|". The words are the general
vocabulary of companies' and public services' tables (parties, people, goods, documents,
money, places, time, events, cases and decisions), whatever the organisation does, not any
one database's. A word that means something
else in English, as written or as the stemmer cuts it ("art", "temps" as "temp", "equipe"
as "equip", "poste" as "post"), or in another of the languages is left out, and so are words
shorter than four letters: they would meet half of any schema.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from planrag.schema._tokens import plain, stem

__all__ = ["LEAST_COMPOUNDED", "compounds", "concepts_starting", "general", "translations"]

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
cost expense | kosten aufwand kostenstelle | cout frais depense | kosten uitgave
    kostenplaats | coste costo gasto |
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
delivery shipment | lieferung versand sendung lieferschein | livraison envoi | levering
    zending verzending pakbon | entrega envio albaran | consegna spedizione | entrega remessa
vehicle car truck lorry | fahrzeug lastwagen | vehicule voiture camion | voertuig
    vrachtwagen | vehiculo camion | veicolo camion | veiculo caminhao
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
    defect uitval | defecto averia fallo | difetto guasto | defeito avaria falha
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
route trip journey | strecke fahrt reise | trajet itineraire | traject reis | ruta viaje |
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
offer quote quotation | angebot kostenvoranschlag | offre devis | offerte aanbieding |
    oferta | offerta
    preventivo | oferta cotacao
campaign | kampagne aktion | campagne | campagne actie | campana | campagna | campanha
loyalty | treue kundenbindung | fidelite fidelisation | loyaliteit | fidelidad | fedelta |
    fidelidade
cancel cancellation | storno stornierung kuendigung | annulation
    resiliation | annulering
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
overtime | ueberstunden mehrarbeit | | overuren overwerk | | straordinario straordinari |
payslip payroll paycheck | lohnabrechnung gehaltsabrechnung | | loonstrook |
     | cedolino | holerite contracheque
recruitment recruiting hire hiring | rekrutierung personalbeschaffung | recrutement embauche |
    werving aanwerving | reclutamiento contratacion | assunzione reclutamento |
    recrutamento contratacao
termination dismissal resignation | entlassung austritt | licenciement demission | ontslag |
    despido | licenziamento dimissioni | demissao rescisao
vacancy | stellenangebot | | vacature | | |
applicant candidate | bewerber bewerbung | candidat candidature | sollicitant kandidaat
    sollicitatie | candidato | candidato candidatura | candidato candidatura
interview | vorstellungsgespraech | | sollicitatiegesprek | entrevista | colloquio | entrevista
appraisal evaluation | beurteilung | | beoordeling | evaluacion | | avaliacao
pension retirement | pensionskasse ruhestand | retraite | pensioen |
    jubilacion | pensione | aposentadoria
bonus incentive | gratifikation | | gratificatie | incentivo gratificacion | incentivo
    gratifica | incentivo gratificacao
attendance timesheet | arbeitszeit zeiterfassung anwesenheit | | urenregistratie
    aanwezigheid | asistencia fichaje | presenze | assiduidade
allowance | zulage | indemnite | toelage vergoeding | subsidio prestacion |
    indennita | subsidio beneficio
holiday vacation | feiertag | vacances | vakantie | vacaciones feriado |
    ferie festivita | feriado
contractor freelancer subcontractor | auftragnehmer subunternehmer | prestataire
    soustraitant | aannemer onderaannemer | contratista subcontratista | appaltatore
    subappaltatore | empreiteiro subempreiteiro
employer | arbeitgeber | | werkgever | empleador | | empregador
role position | | fonction | functie | puesto | ruolo | funcao
apprentice trainee intern | auszubildender lehrling praktikant | apprenti stagiaire |
    stagiair | aprendiz becario | apprendista stagista tirocinante | aprendiz estagiario
bus | | | | | corriera |
    onibus
stop | haltestelle | | halte | parada | fermata | paragem parada
timetable schedule | fahrplan | horaire | dienstregeling | horario | orario | horario
driver | fahrer chauffeur | conducteur chauffeur | chauffeur | chofer |
     conducente | condutor
refuel refueling | betankung | ravitaillement | tankbeurt | | rifornimento |
    abastecimento
mileage odometer | kilometerstand laufleistung tachostand | kilometrage | kilometerstand |
    kilometraje | chilometraggio percorrenza | quilometragem
distance | entfernung | | afstand | distancia | distanza | distancia
fleet | fuhrpark flotte | flotte | wagenpark vloot | flota | flotta | frota
freight cargo | fracht ladung | | vracht | flete | |
parcel package | paket | | pakket | paquete | pacco | pacote
toll | maut | peage | | peaje | pedaggio | portagem pedagio
parking | parkplatz | | parkeerplaats | aparcamiento estacionamiento |
    parcheggio | estacionamento
port harbour harbor | hafen | | | puerto | |
container | behaelter | conteneur | | contenedor | contenitore |
pallet | | | | | bancale | palete
tire tyre | reifen | pneu pneumatique | | neumatico | pneumatico | pneu pneumatico
trailer | anhaenger auflieger | remorque | aanhanger oplegger | remolque | rimorchio | reboque
punctuality | puenktlichkeit | ponctualite | stiptheid | puntualidad | puntualita |
    pontualidade
licence license permit | lizenz fuehrerschein genehmigung | permis | rijbewijs vergunning |
    licencia permiso | licenza permesso | licenca
plate | kennzeichen | immatriculation | kenteken | matricula | targa |
    matricula placa
transport transportation | befoerderung | | vervoer | transporte | trasporto | transporte
carrier forwarder haulier | spediteur frachtfuehrer | transporteur | vervoerder |
    transportista | vettore corriere spedizioniere | transportadora
work labour labor | arbeit | travail | arbeid | trabajo | lavoro | trabalho
asset | anlagegut vermoegenswert | immobilisation | | | cespite |
downtime outage standstill | stillstand ausfallzeit stillstandszeit | indisponibilite |
    stilstand | | fermo | inatividade
device | geraet | appareil dispositif | apparaat | dispositivo | dispositivo |
    dispositivo
warranty guarantee | garantie gewaehrleistung | garantie | garantie | garantia | garanzia |
    garantia
technician mechanic | techniker mechaniker | technicien mecanicien | technicus
     | tecnico mecanico | tecnico meccanico | tecnico mecanico
receipt receiving inbound | wareneingang eingang | | ontvangst | recepcion | ricevimento |
    recebimento
receipt voucher | quittung kassenbon | recu quittance | kassabon kwitantie | recibo
    comprobante | ricevuta scontrino | recibo comprovante
movement | bewegung lagerbewegung warenbewegung | mouvement | mutatie beweging | movimiento |
    movimento | movimento
transaction | transaktion | | transactie | transaccion | transazione | transacao
bin | lagerplatz stellplatz lagerfach | casier | | | |
storage | lagerung | stockage | opslag | almacenamiento | stoccaggio | armazenamento
shelf shelving | fach | etagere | schap stelling | estante estanteria | scaffale |
    prateleira estante
picking | kommissionierung | prelevement | | | prelievo | separacao
stocktake stocktaking | inventur zaehlung | | | conteo recuento | conteggio |
    contagem
unit | einheit mengeneinheit | | eenheid | unidad | unita | unidade
goods merchandise | | marchandise | goederen | mercancia | | mercadoria
packaging | verpackung | emballage | verpakking | embalaje | imballaggio | embalagem
expiry expiration | verfall verfallsdatum | peremption | vervaldatum | caducidad | scadenza |
due maturity | faelligkeit faelligkeitsdatum | echeance | vervaldag vervaldatum |
    vencimiento | scadenza | vencimento
transfer | umlagerung umbuchung | transfert | | traspaso
    transferencia | trasferimento | transferencia
request requisition inquiry enquiry | anforderung bedarfsanforderung anfrage |
    requete | aanvraag verzoek navraag | solicitud peticion requisicion | richiesta |
    solicitacao requisicao
payable payables creditor | kreditor verbindlichkeit | crediteur | crediteur | acreedor |
    creditore | credor
receivable receivables debtor | debitor forderung | debiteur creance | debiteur vordering |
    deudor | debitore | devedor
tender bid | ausschreibung | | aanbesteding | licitacion | appalto | licitacao
promotion promo | werbeaktion verkaufsfoerderung | | promotie aanbieding | promocion |
    promozione | promocao
till checkout cashdesk | kasse | caisse | kassa | caja | cassa | caixa
cash | bargeld | especes | contant contanten | efectivo | contanti | dinheiro
cashier | kassierer kassiererin | caissier caissiere | kassier | cajero | cassiere |
advertising advert | werbung | publicite | advertentie | publicidad anuncio | pubblicita
    annuncio | publicidade anuncio
channel | kanal vertriebskanal | | kanaal | | |
brand | | marque | merk | marca | marca | marca
competitor | wettbewerber konkurrent | | | competidor | concorrente | concorrente
survey feedback | umfrage | enquete sondage | enquete | encuesta | sondaggio indagine |
    pesquisa inquerito
member membership | mitglied mitgliedschaft | membre | lidmaatschap | miembro
     | iscritto | membro
salesperson seller representative | verkaeufer aussendienst | vendeur representant |
    verkoper vertegenwoordiger | vendedor representante | venditore rappresentante |
    vendedor representante
prospect | interessent | | | | |
ledger | hauptbuch sachkonto | | grootboek | | |
journal | buchungssatz | ecriture | journaalpost | asiento | scrittura |
    lancamento
tax taxes | steuer mehrwertsteuer umsatzsteuer | impot taxe | belasting | impuesto |
    imposta tassa | imposto
currency | waehrung | monnaie | munt | moneda | moneta | moeda
exchange | wechsel wechselkurs | | wissel wisselkoers | cambio | cambio | cambio
rate | | taux | koers | tasa | tasso |
dunning reminder overdue | mahnung | relance | aanmaning herinnering | |
    sollecito | cobranca lembrete
interest | zins zinsen | interet | | | interesse | juros
loan credit | darlehen kredit | emprunt | krediet | prestamo | prestito
    finanziamento | emprestimo financiamento
bank | bank | | bank | | banca |
fiscal | geschaeftsjahr | exercice | boekjaar | ejercicio | esercizio | exercicio
balance | bilanz | bilan | balans | | | balanco
profit margin | gewinn marge | benefice marge | winst marge | beneficio ganancia margen |
    profitto margine | lucro margem
depreciation | abschreibung | amortissement | afschrijving | amortizacion depreciacion |
    ammortamento | depreciacao amortizacao
fee fees | gebuehr | | | cuota | |
installment instalment | teilzahlung | mensualite | | cuota plazo | | prestacao
deposit | kaution anzahlung | acompte | aanbetaling waarborg | anticipo fianza |
    acconto cauzione | caucao
accounting bookkeeping | buchhaltung | comptabilite | boekhouding | contabilidad |
    contabilita | contabilidade
customs | zoll | douane | douane | aduana | dogana | alfandega
import imports | einfuhr | importation | invoer | importacion | importazione | importacao
export exports | ausfuhr | exportation | uitvoer | exportacion | esportazione | exportacao
consumption usage | verbrauch | consommation | verbruik | consumo | consumo | consumo
lease rent rental | miete pacht leasing | loyer | huur pacht | alquiler arrendamiento |
    affitto locazione noleggio | aluguel arrendamento locacao
tenant lessee | mieter | locataire | huurder | inquilino arrendatario | inquilino
    affittuario | inquilino locatario
owner landlord lessor | vermieter eigentuemer | proprietaire bailleur | verhuurder eigenaar |
    propietario arrendador | proprietario | proprietario senhorio
surface floorspace | flaeche | superficie | oppervlakte | superficie | superficie |
floor storey | geschoss | etage | verdieping | piso | | piso
room | raum | | kamer ruimte lokaal | sala habitacion | sala | sala
heating | heizung | chauffage | verwarming | calefaccion | riscaldamento | aquecimento
cleaning | reinigung | | schoonmaak reiniging | limpieza | pulizia | limpeza
emission emissions | ausstoss | | uitstoot | emision | emissione | emissao
waste scrap | abfall | dechet | afval | residuo desecho merma | rifiuto scarto |
    residuo sucata
office | buero | | kantoor | | ufficio |
occupancy utilisation utilization | auslastung belegung | | bezetting | ocupacion | |
    ocupacao
peak | spitze spitzenlast | | piek | | picco |
plant factory | fabrik | | fabriek | fabrica | stabilimento fabbrica | fabrica
operator | bediener | operateur | | operario | operatore | operador
quality | qualitaet | qualite | kwaliteit | calidad | qualita | qualidade
material materials | werkstoff stueckliste | matiere | materiaal stuklijst | materiales |
    materiale | materiais
ingredient | zutat | | | ingrediente | ingrediente | ingrediente
yield | ausbeute | rendement | rendement | rendimiento | rendimento | rendimento
approval approve | genehmigung | approbation | goedkeuring | aprobacion |
    approvazione | aprovacao
ticket | meldung | | melding | incidencia | segnalazione | chamado
answer response | antwort | | antwoord | respuesta | risposta | resposta
satisfaction | zufriedenheit | | tevredenheid | satisfaccion | soddisfazione | satisfacao
message | nachricht | | | mensaje | messaggio | mensagem
ward | pflegestation | | verpleegafdeling | | | enfermaria
admission | aufnahme | | opname | admision | ricovero | admissao internacao
discharge | entlassung | | ontslag | | dimissione |
appointment | | | afspraak | cita | appuntamento | agendamento marcacao
diagnosis | diagnose | diagnostic | diagnose | diagnostico | diagnosi | diagnostico
treatment | behandlung | traitement | behandeling | tratamiento | trattamento | tratamento
prescription | verschreibung | ordonnance | voorschrift | prescripcion | prescrizione |
    prescricao
medication medicine drug | medikament arzneimittel | medicament | medicijn geneesmiddel |
    medicamento | medicinale | medicamento
hospital clinic | krankenhaus klinik | hopital clinique | ziekenhuis kliniek | clinica |
    ospedale clinica | clinica
surgery | chirurgie | chirurgie | chirurgie | cirugia | chirurgia | cirurgia
emergency | notfall notaufnahme | urgence urgences | | urgencia emergencia | emergenza |
    urgencia emergencia
enrolment enrollment registration | anmeldung einschreibung | | inschrijving aanmelding |
    inscripcion matricula | iscrizione | inscricao matricula
exam examination | klausur | examen | examen tentamen | examen | esame | exame
school | schule | ecole | | escuela colegio | scuola | escola
diploma | diplom | diplome | | | laurea |
connection | anschluss | raccordement | aansluiting | acometida conexion |
    allacciamento | ligacao
pipe pipeline | rohr rohrleitung | canalisation | leiding | tuberia | tubazione
     | tubulacao
pump | pumpe | | | | |
leak leakage | leck leckage | fuite | lekkage | | | vazamento
phone telephone | telefon | telephone | telefoon | telefono | telefono | telefone
mobile cellphone | mobiltelefon | | mobiel | celular | cellulare | celular telemovel
coverage cover | deckung | couverture | dekking | cobertura | copertura | cobertura
deductible | selbstbeteiligung selbstbehalt | | | franquicia deducible | franchigia | franquia
beneficiary | beguenstigter | beneficiaire | begunstigde | beneficiario | beneficiario |
    beneficiario
policyholder | versicherungsnehmer | souscripteur | verzekeringnemer | tomador |
    contraente | tomador
comment remark | bemerkung notiz kommentar anmerkung | remarque commentaire | opmerking
    notitie | observacion comentario | osservazione commento | observacao comentario
description | beschreibung bezeichnung | | omschrijving | descripcion | descrizione |
    descricao
size dimension | groesse abmessung | | grootte afmeting maat | tamano talla |
    dimensione | tamanho
start begin | beginn anfang | | aanvang | inicio comienzo | inizio | inicio
change modification amendment | aenderung | modification changement | wijziging |
    modificacion | modifica |
history | verlauf historie protokoll | historique | historie logboek | historial historico |
      | historico
user | benutzer anwender | utilisateur | gebruiker | usuario | utente | usuario
document | dokument | | | documento | documento | documento
contact | kontakt ansprechpartner | | contactpersoon | contacto | contatto | contato
person | | personne | persoon | | | pessoa
company firm enterprise business | unternehmen gesellschaft | societe entreprise | bedrijf
    onderneming | empresa compania sociedad | azienda societa ditta | empresa
    companhia sociedade
source origin | herkunft | | herkomst bron | origen fuente | | origem
target goal objective | sollwert | objectif cible | doel | objetivo | obiettivo |
    objetivo
priority | prioritaet | priorite | prioriteit | prioridad | priorita | prioridade
duration | dauer | duree | duur | duracion | durata | duracao
speed velocity | geschwindigkeit | vitesse | snelheid | velocidad | velocita | velocidade
temperature | temperatur | | temperatuur | temperatura | temperatura | temperatura
churn | abwanderung kuendigung | resiliation | opzegging | | disdetta | cancelamento
application | antrag | demande | aanvraag | solicitud | domanda istanza | requerimento
decision | entscheidung beschluss bescheid | | besluit beslissing | resolucion |
    decisione delibera | decisao deliberacao
deadline | frist | delai | termijn | plazo | scadenza | prazo
case dossier | akte vorgang | | zaak | expediente | pratica fascicolo |
street road | strasse | voie | straat | calle | strada | estrada
property premises | immobilie grundstueck liegenschaft | immeuble propriete | pand vastgoed
    perceel | inmueble propiedad finca | immobile proprieta | imovel propriedade
dispute chargeback | streitfall rueckbelastung | litige contestation | geschil
    terugboeking | disputa contracargo | contestazione controversia | disputa contestacao
    estorno
limit ceiling | grenze obergrenze | plafond | limiet grens | | |
collection pickup | abholung sammlung inkasso | collecte ramassage recouvrement | inzameling
    ophaling incasso | recogida recoleccion cobro | raccolta ritiro riscossione |
    coleta recolha
round | runde | tournee | ronde | recorrido | giro | roteiro
load payload | ladung nutzlast beladung | chargement | lading belading | carga | carico |
    carga
van | transporter lieferwagen | fourgon camionnette | bestelwagen busje | furgoneta |
    furgone | furgao carrinha
service | dienst dienstleistung leistung | prestation | dienst dienstverlening | servicio |
    servizio prestazione | servico
notice letter | schreiben mitteilung | courrier lettre avis | kennisgeving | carta aviso
    notificacion | lettera avviso | carta aviso notificacao
officer official clerk | sachbearbeiter beamter | gestionnaire | behandelaar ambtenaar |
    tramitador | funzionario addetto | servidor
resident citizen inhabitant | einwohner bewohner | habitant citoyen | inwoner bewoner |
    vecino ciudadano habitante | residente cittadino abitante | morador cidadao habitante
municipality council | gemeinde kommune | commune mairie municipalite | gemeente |
    municipio ayuntamiento | comune municipio | municipio prefeitura
penalty fine | strafe bussgeld vertragsstrafe | amende penalite | boete | multa sancion |
    multa sanzione penale | multa penalidade
breach violation | verstoss | infraction manquement | overtreding | infraccion
    incumplimiento | violazione infrazione | infracao violacao
queue waiting | warteschlange wartezeit | attente | wachtrij wachttijd | cola espera |
    coda attesa | fila espera
counter desk | schalter theke | guichet comptoir | balie loket | mostrador ventanilla |
    sportello bancone | balcao guiche
card | karte | carte | kaart | tarjeta | tessera | cartao
merchant dealer retailer | haendler | commercant marchand | handelaar winkelier |
    comerciante | commerciante esercente | comerciante lojista
arrears writeoff | rueckstand abschreibung | impaye arriere | achterstand wanbetaling
    afschrijving | impago | insolvenza sofferenza morosita | inadimplencia
estimate | schaetzung kalkulation kostenvoranschlag | estimation devis | schatting raming |
    estimacion presupuesto | stima preventivo | estimativa orcamento
safety hazard | arbeitsschutz gefahr | securite danger | veiligheid gevaar | seguridad
    peligro | sicurezza pericolo | seguranca perigo
injury | verletzung | blessure | letsel verwonding | herida | lesione infortunio |
    ferimento
guest visitor | gast besucher | visiteur | gast bezoeker | huesped visitante |
    ospite visitatore | hospede visitante
meal dish | gericht speise mahlzeit | repas | gerecht maaltijd | plato comida |
    piatto pasto | prato refeicao
kitchen | kueche | cuisine | keuken | cocina | cucina | cozinha
night overnight | nacht uebernachtung | nuit nuitee | nacht overnachting | noche
    pernoctacion | notte pernottamento | noite pernoite
valuation | bewertung wertermittlung gutachten | | taxatie waardering | tasacion
    valoracion | perizia valutazione | avaliacao
collateral | sicherheit sicherheiten pfand | surete nantissement | zekerheid onderpand |
    garantia aval | garanzia pegno | penhor
mortgage | hypothek grundschuld | hypotheque | hypotheek | hipoteca | ipoteca mutuo |
    hipoteca
engineer | ingenieur | ingenieur | ingenieur | ingeniero | ingegnere | engenheiro
grant subsidy | zuschuss foerderung beihilfe | subvention | subsidie toelage | subvencion
    ayuda | sovvenzione contributo | subsidio
authorisation authorization | autorisierung freigabe | autorisation | autorisatie
    machtiging | autorizacion | autorizzazione | autorizacao
rejection refusal | ablehnung | refus rejet | afwijzing weigering | rechazo denegacion |
    diniego | recusa rejeicao
vacant empty | leerstand | inoccupe | leegstand | desocupado | sfitto | desocupado
"""
"""One concept a line (a line starting with spaces goes on the one before)."""


@lru_cache(maxsize=1)
def _lines() -> tuple[str, ...]:
    lines: list[str] = []
    for line in _CONCEPTS.strip("\n").splitlines():
        if line.startswith(" ") and lines:
            lines[-1] += " " + line.strip()
        elif line.strip():
            lines.append(line.strip())
    return tuple(lines)


@lru_cache(maxsize=4096)
def concepts_starting(start: str) -> int:
    """How many of the lexicon's concepts have an English word (longer than `start`) that
    `start` begins: "res" begins "response", "resignation" and "reservation", three."""
    return sum(1 for line in _lines()
               if any(w.startswith(start) and len(w) > len(start)
                      for w in line.split("|")[0].split()))


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for line in _lines():
        english, *others = line.split("|")
        foreign = [w for part in others for w in map(plain, part.split()) if len(w) >= 4]
        for word in english.split():
            known = out.setdefault(stem(word), [])
            known += [w for w in foreign if w not in known and stem(w) != stem(word)]
    return {k: tuple(v) for k, v in out.items()}


def general(stem_: str) -> bool:
    """Whether `stem_` (a stem, `_tokens.stem`) is that of an English word of the lexicon: a
    general business word ("car", "price", "store"), not a name."""
    return stem_ in _table()


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
