# PlanRAG Assistant: the chat app with its embedded graph server (ArcadeDB; the JRE comes in
# its wheel). Build: docker build -t planrag .
# Run:   docker run --env-file .env -p 8000:8000 -v planrag-data:/data planrag
# With MySQL and Neo4j of your own, set MYSQL_URL / NEO4J_URI (see docker-compose.yml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PLANRAG_DATA_DIR=/data

WORKDIR /app
# /data holds conversations (the history, the run store): its owner's alone.
RUN useradd --create-home --uid 10001 planrag && mkdir -p /data && chown planrag /data \
    && chmod 700 /data

COPY pyproject.toml README.md ./
COPY planrag ./planrag
COPY app ./app
RUN pip install --upgrade pip && pip install '.[embedded,app,tracing,files]'

COPY fixtures ./fixtures
COPY .chainlit/config.toml ./.chainlit/config.toml
COPY public ./public
COPY chainlit.md .env.example ./
ENV PLANRAG_FIXTURES_DIR=/app/fixtures
# Chainlit writes its translations under .chainlit and session files under .files at start.
RUN chown planrag /app && chown -R planrag /app/.chainlit

USER planrag
VOLUME ["/data"]
EXPOSE 8000
# Load the shipped datasets (idempotent: unchanged dumps are skipped), then serve the chat.
# Without NEO4J_URI the embedded graph server starts first and serves the graph form; with it
# (docker-compose.yml sets it) the graph lives in that Neo4j and nothing is started here.
CMD ["sh", "-c", "set -e; if [ -z \"${NEO4J_URI:-}\" ]; then planrag graph start; fi; planrag load; exec chainlit run app/chat.py --headless --host 0.0.0.0 --port 8000"]
